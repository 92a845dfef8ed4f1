import { ConflictException } from '@nestjs/common';
import { isPgError, PG_UNIQUE_VIOLATION, pgConstraint } from '#server/database/pg-errors';

export const DUPLICATE_EMAIL = 'Já existe um usuário com este e-mail.';
export const DUPLICATE_USERNAME = 'Já existe um usuário com este nome de usuário.';

/** Turns a unique violation on users (username, e-mail) into a 409; rethrows anything else. */
export function rethrowUserConflict(error: unknown): never {
  if (isPgError(error, PG_UNIQUE_VIOLATION)) {
    throw new ConflictException(pgConstraint(error)?.includes('email') ? DUPLICATE_EMAIL : DUPLICATE_USERNAME);
  }
  throw error;
}
