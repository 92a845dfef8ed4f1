import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isConnectionLoss } from '#server/database/connection-loss';

/**
 * Whether `exception` means "the database cannot be reached right now" rather than a fault of
 * the request or of the code: such requests answer 503 and may be retried.
 */
export function isDatabaseUnavailable(exception: unknown): boolean {
  // TypeORM releases a query runner whose connection failed: the request's next query says so
  // (through the runner itself, or through an EntityManager the transaction handed out).
  if (
    exception instanceof QueryRunnerAlreadyReleasedError ||
    exception instanceof QueryRunnerProviderAlreadyReleasedError
  )
    return true;
  const errors = exception instanceof QueryFailedError ? [exception, exception.driverError] : [exception];
  return errors.some(isConnectionLoss);
}
