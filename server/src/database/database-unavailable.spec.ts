import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (code: string, message = 'erro') => Object.assign(new Error(message), { code });
const queryFailed = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['admin shutdown', queryFailed(withCode('57P01'))],
    ['cannot connect now', withCode('57P03')],
    ['every connection slot taken', withCode('53300', 'sorry, too many clients already')],
    ['connection exception class 08', queryFailed(withCode('08006'))],
    ['connection terminated', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a transaction whose connection died', new QueryRunnerAlreadyReleasedError()],
    [
      'a query through the manager of a transaction whose connection died',
      new QueryRunnerProviderAlreadyReleasedError(),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', queryFailed(withCode('23505'))],
    ['data exception', queryFailed(withCode('22003'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', null],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
