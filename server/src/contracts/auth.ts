/** Sign-in and sessions (docs/sessions.md): one schema per shape (README, "Uma forma, um lugar"). */
import { z } from 'zod';
import { FIELDS } from './schema-fields';
import { userViewSchema } from './users';
import { FIELD_MESSAGES } from './validation-messages';

export const MIN_PASSWORD_LENGTH = 6;
/** A password needs at least one character that is not white space. */
export const PASSWORD_HAS_CONTENT = /\S/;
export const MAX_PASSWORD_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 100;

/** docs/sessions.md#validation (here, not in validation-messages.ts, which reads this file's limits). */
export const AUTH_MESSAGES = {
  usernameRequired: 'Informe o usuário.',
  passwordRequired: 'Informe a senha.',
  currentPasswordRequired: 'Informe a senha atual.',
  newPasswordTooShort: `A nova senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  newPasswordTooLong: `A nova senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`,
  newPasswordBlank: 'A nova senha não pode ser formada só por espaços.',
  /** docs/sessions.md#validation, temporary password screen. */
  passwordsDiffer: 'As senhas não coincidem.',
} as const;

/**
 * A sign-in text of at most `maxLength` characters: the length is checked first (a value that is
 * not a text answers it too), then emptiness answers `required`.
 */
const signInText = (field: string, maxLength: number, required: string) =>
  z
    .string(FIELDS.typed(FIELD_MESSAGES.maxLength(field)))
    .max(maxLength)
    .min(1, required);

/** POST /auth/login. */
export const loginRequestSchema = z.strictObject({
  username: signInText('username', USERNAME_MAX_LENGTH, AUTH_MESSAGES.usernameRequired),
  password: signInText('password', MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordRequired),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.strictObject({
  token: z.string().min(1),
  /** ISO date when the access token stops being accepted. */
  expiresAt: FIELDS.dateTime,
  user: userViewSchema,
  requirePasswordChange: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = z.strictObject({ token: z.string().min(1), expiresAt: FIELDS.dateTime });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /auth/change-temporary-password (and the profile's own password change). */
export const changeTemporaryPasswordSchema = z.strictObject({
  currentPassword: z
    .string(FIELDS.missing(AUTH_MESSAGES.currentPasswordRequired))
    .min(1, AUTH_MESSAGES.currentPasswordRequired)
    .max(MAX_PASSWORD_LENGTH),
  newPassword: z
    .string(FIELDS.typed(AUTH_MESSAGES.newPasswordTooLong))
    .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.newPasswordTooLong)
    .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.newPasswordTooShort)
    .regex(PASSWORD_HAS_CONTENT, AUTH_MESSAGES.newPasswordBlank),
});
export type ChangeTemporaryPasswordRequest = z.input<typeof changeTemporaryPasswordSchema>;

/** Error body of every failed API call; `message` is pt-BR and can be shown as-is. */
export const apiErrorSchema = z
  .strictObject({
    statusCode: z.int().min(400).max(599),
    message: z.string().min(1),
    error: z.string().min(1),
    code: z.string().min(1).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The reply of an action whose only outcome is a pt-BR confirmation (deleted, sent…). */
export const messageResponseSchema = z.strictObject({ message: z.string().min(1) }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
