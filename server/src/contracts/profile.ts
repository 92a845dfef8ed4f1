/** Requests and replies of the signed-in user's own profile (docs/accounts.md#api Profile). */
import { z } from 'zod';
import { type ChangeTemporaryPasswordRequest, MAX_PASSWORD_LENGTH } from './auth';
import { FIELDS } from './schema-fields';
import { EMAIL_MAX_LENGTH, emailAddress, THEMES, USER_NAME_MAX_LENGTH } from './users';
import { ACCOUNT_MESSAGES } from './validation-messages';

/** docs/accounts.md#validation: avatar maximum, 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'Imagem muito grande. O tamanho máximo é 5MB.';
export const AVATAR_NOT_AN_IMAGE = 'O arquivo selecionado não é uma imagem válida.';

export const DISPLAY_NAME_MAX_LENGTH = 80;

/**
 * Deadline reminders (docs/deadlines.md#reminders): how many business days before a due day the user
 * is reminded of it; 0 turns the advance reminder off (the due-day one and the overdue digest stay).
 */
export const DEADLINE_REMINDER_DAYS_MAX = 10;
export const DEADLINE_REMINDER_DAYS_DEFAULT = 2;
export const DEADLINE_REMINDER_DAYS_LABEL = 'Lembrar prazos com quantos dias úteis de antecedência';

/** docs/accounts.md#validation: the profile's own texts (the account ones are ACCOUNT_MESSAGES). */
export const PROFILE_MESSAGES = {
  nameTooLong: `O nome deve ter no máximo ${USER_NAME_MAX_LENGTH} caracteres.`,
  displayNameTooLong: `O nome de exibição deve ter no máximo ${DISPLAY_NAME_MAX_LENGTH} caracteres.`,
  invalidTheme: 'Tema inválido: use light, dark ou system.',
  invalidPreferences: 'As preferências são inválidas.',
  invalidNotificationPreferences: 'As preferências de notificação são inválidas.',
  emailTooLong: `O e-mail deve ter no máximo ${EMAIL_MAX_LENGTH} caracteres.`,
  deadlineReminderDaysInvalid: `A antecedência dos lembretes de prazo deve ser um número inteiro de 0 a ${DEADLINE_REMINDER_DAYS_MAX} dias úteis.`,
} as const;

/** Partial update: only the preferences sent change. */
const preferencesChangeSchema = z.strictObject(
  {
    theme: FIELDS.optional(z.enum(THEMES, PROFILE_MESSAGES.invalidTheme)),
    notifications: FIELDS.optional(
      z.strictObject(
        {
          email: FIELDS.optional(z.boolean().describe('Notificações por e-mail.')),
          system: FIELDS.optional(z.boolean().describe('Notificações no sistema.')),
        },
        FIELDS.typed(PROFILE_MESSAGES.invalidNotificationPreferences),
      ),
    ),
  },
  FIELDS.typed(PROFILE_MESSAGES.invalidPreferences),
);

/** PUT /profile: only the fields sent change; a name can be changed, not removed. */
export const updateProfileRequestSchema = z.strictObject({
  name: z
    .string(FIELDS.typed(ACCOUNT_MESSAGES.fullNameRequired))
    .trim()
    .min(1, ACCOUNT_MESSAGES.fullNameRequired)
    .max(USER_NAME_MAX_LENGTH, PROFILE_MESSAGES.nameTooLong)
    .optional(),
  /** Null or empty clears it. */
  displayName: FIELDS.clearable(DISPLAY_NAME_MAX_LENGTH, PROFILE_MESSAGES.displayNameTooLong),
  preferences: FIELDS.optional(preferencesChangeSchema),
  deadlineReminderDays: FIELDS.optional(
    z
      .int(FIELDS.typed(PROFILE_MESSAGES.deadlineReminderDaysInvalid))
      .min(0, PROFILE_MESSAGES.deadlineReminderDaysInvalid)
      .max(DEADLINE_REMINDER_DAYS_MAX, PROFILE_MESSAGES.deadlineReminderDaysInvalid)
      .describe(DEADLINE_REMINDER_DAYS_LABEL),
  ),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export type ProfileChanges = z.output<typeof updateProfileRequestSchema>;
export type PreferencesChange = z.output<typeof preferencesChangeSchema>;

/** Same shape as the temporary-password change; the caller's other sessions end. */
export type ChangeOwnPasswordRequest = ChangeTemporaryPasswordRequest;

/** PUT /profile/email: the current password, then the new address. */
export const changeEmailRequestSchema = z.strictObject({
  password: z
    .string(FIELDS.missing(ACCOUNT_MESSAGES.passwordRequired))
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(MAX_PASSWORD_LENGTH),
  newEmail: emailAddress(
    z.string(FIELDS.missing(ACCOUNT_MESSAGES.newEmailRequired)),
    ACCOUNT_MESSAGES.newEmailRequired,
    PROFILE_MESSAGES.emailTooLong,
  ),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

export const avatarResponseSchema = z.strictObject({
  /** Path under the API base; add `?token=` to put it in an `<img src>`. */
  avatarUrl: z.string().min(1),
});
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;
