/** Shapes of users and departments shared by server and client (docs/accounts.md#users User, docs/accounts.md#users). */
import { z } from 'zod';
import { FIELDS } from './schema-fields';

export const ROLES = ['admin', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const LEVELS = ['Funcionário', 'Chefia'] as const;
export type Level = (typeof LEVELS)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const userPreferencesSchema = z.strictObject({
  theme: z.enum(THEMES),
  notifications: z.strictObject({ email: z.boolean(), system: z.boolean() }),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** The signed-in user's own record, as /auth/me and /auth/login return it. */
export const userViewSchema = z
  .strictObject({
    _id: FIELDS.uuid,
    id: FIELDS.uuid,
    name: FIELDS.text,
    displayName: FIELDS.text.nullable(),
    username: FIELDS.text,
    email: FIELDS.text,
    phone: FIELDS.text.nullable(),
    department: FIELDS.text,
    role: z.enum(ROLES),
    level: z.enum(LEVELS),
    status: z.enum(USER_STATUSES),
    avatar: FIELDS.text.nullable(),
    preferences: userPreferencesSchema,
    /** Business days before a due day the user is reminded of it (docs/deadlines.md#reminders). */
    deadlineReminderDays: z.int(),
    requirePasswordChange: z.boolean(),
    createdAt: FIELDS.dateTime,
    updatedAt: FIELDS.dateTime,
  })
  .meta({ id: 'UserView' });
export type UserView = z.infer<typeof userViewSchema>;

/** Non-sensitive fields every signed-in user may read (lookups, pickers). */
export const userLookupSchema = z
  .strictObject({
    _id: FIELDS.uuid,
    name: FIELDS.text,
    department: FIELDS.text,
    email: FIELDS.text,
    phone: FIELDS.text.nullable(),
  })
  .meta({ id: 'UserLookup' });
export type UserLookup = z.infer<typeof userLookupSchema>;

/** GET /users: the full records for admins and Gabinete (mayReadFullUserList), else the lookups. */
export const userListResponseSchema = z.union([userViewSchema.array(), userLookupSchema.array()]);

export const DEPARTMENT_NAME_MAX_LENGTH = 120;
export const USER_NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 200;
export const PHONE_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,49}$/;

/**
 * docs/accounts.md#validation: users and departments screens (here, not in validation-messages.ts,
 * which reads this file's limits).
 */
export const USER_MESSAGES = {
  requiredFields: 'Por favor, preencha todos os campos obrigatórios.',
  invalidEmail: 'Informe um e-mail válido.',
  invalidUsername:
    'O nome de usuário deve ter de 2 a 50 caracteres: letras sem acento, números, ponto, hífen ou sublinhado.',
  invalidRole: 'Perfil inválido.',
  invalidLevel: 'Nível hierárquico inválido.',
  invalidStatus: 'Status inválido: use active ou inactive.',
  /** An edit may leave a required field out (unchanged), not empty it. */
  cannotClear: (field: string) => `O campo "${field}" não pode ser nulo: omita-o para manter o valor atual.`,
  departmentNameRequired: 'Nome do departamento é obrigatório',
  departmentNameTooLong: `O nome do departamento deve ter no máximo ${DEPARTMENT_NAME_MAX_LENGTH} caracteres.`,
  departmentDescriptionTooLong: 'A descrição deve ter no máximo 500 caracteres.',
} as const;

const REQUIRED = USER_MESSAGES.requiredFields;

/*
 * An e-mail address as class-validator's isEmail took it (validator.js, default options): dot-separated
 * atoms of letters (accented ones too), digits and !#$%&'*+-/=?^_`{|}~, at most 64 characters before
 * the @; a domain of labels of at most 63 letters, digits or hyphens (not at either end, no full-width
 * characters) ending in an alphabetic or punycode top-level label; 254 characters in all. Quoted
 * local parts are refused.
 */
const LOCAL_ATOM = "[a-z\\d!#$%&'*+\\-/=?^_`{|}~\\u00A1-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF]+";
const LABEL_CHAR = '[a-z\\d\\u00A1-\\uFF00\\uFF5F-\\uFFFF]';
const LABEL = `${LABEL_CHAR}(?:[-a-z\\d\\u00A1-\\uFF00\\uFF5F-\\uFFFF]{0,61}${LABEL_CHAR})?`;
const TOP_LABEL =
  '(?:(?![^.]*\\s)[a-z\\u00A1-\\u00A8\\u00AA-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFF00\\uFF5F-\\uFFEF]{2,63}|xn[-a-z\\d]{1,60}[a-z\\d])';
export const EMAIL_PATTERN = new RegExp(
  `^(?=.{1,254}$)(?=[^@]{1,64}@)${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+${TOP_LABEL}$`,
  'i',
);

/**
 * An e-mail address, trimmed, from `text` (the field's string schema, with its own texts for a
 * missing value or another type): empty answers `empty`, a malformed address
 * USER_MESSAGES.invalidEmail, one longer than EMAIL_MAX_LENGTH `tooLong` (or the field's default text).
 */
export const emailAddress = (text: z.ZodString, empty: string, tooLong?: string) =>
  text
    .trim()
    .min(1, empty)
    .regex(EMAIL_PATTERN, USER_MESSAGES.invalidEmail)
    .max(EMAIL_MAX_LENGTH, tooLong)
    .meta({ format: 'email' });

/** A required text, trimmed: null (or absent) answers `missing`, empty the required-fields text. */
const requiredText = (maxLength: number, missing: string) =>
  z.string(FIELDS.missing(missing)).trim().min(1, REQUIRED).max(maxLength);

/** Every field of a user but the username; `missing(field)` is the text of a required one left null. */
const userFields = (missing: (field: string) => string) => ({
  name: requiredText(USER_NAME_MAX_LENGTH, missing('name')),
  // No text at all is a malformed address (as class-validator's isEmail answered it).
  email: emailAddress(
    z.string({
      error: (issue) =>
        issue.code !== 'invalid_type' ? undefined : issue.input == null ? missing('email') : USER_MESSAGES.invalidEmail,
    }),
    REQUIRED,
  ),
  department: requiredText(DEPARTMENT_NAME_MAX_LENGTH, missing('department')),
  role: FIELDS.optional(z.enum(ROLES, USER_MESSAGES.invalidRole)),
  level: FIELDS.optional(z.enum(LEVELS, USER_MESSAGES.invalidLevel)),
  phone: FIELDS.clearable(PHONE_MAX_LENGTH),
});

/** POST /users (docs/accounts.md#validation: name, username, e-mail and department required). */
export const createUserRequestSchema = z.strictObject({
  username: z
    .string(FIELDS.missing(REQUIRED))
    .trim()
    .toLowerCase()
    .min(1, REQUIRED)
    .regex(USERNAME_PATTERN, USER_MESSAGES.invalidUsername),
  ...userFields(() => REQUIRED),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** PUT /users/{id}: only the fields sent change; the username never does. */
export const updateUserRequestSchema = z.strictObject(userFields(USER_MESSAGES.cannotClear)).partial();
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** PATCH /users/{id}/status. */
export const updateUserStatusRequestSchema = z.strictObject({
  status: z.enum(USER_STATUSES, USER_MESSAGES.invalidStatus),
});
export type UpdateUserStatusRequest = z.input<typeof updateUserStatusRequestSchema>;

/**
 * How a new temporary password reached the user: by e-mail (SMTP_URL set and the user has an
 * address; the reply then never carries it), or in this reply, to be shown once (only its hash is
 * stored).
 */
const emailedPassword = { emailed: z.literal(true), tempPassword: z.never().optional() };
const shownPassword = { emailed: z.literal(false), tempPassword: z.string().min(1) };

export const resetPasswordResponseSchema = z.union([z.strictObject(emailedPassword), z.strictObject(shownPassword)]);
export type TemporaryPasswordDelivery = z.infer<typeof resetPasswordResponseSchema>;
export type ResetPasswordResponse = TemporaryPasswordDelivery;

export const createUserResponseSchema = z.union([
  z.strictObject({ user: userViewSchema, ...emailedPassword }),
  z.strictObject({ user: userViewSchema, ...shownPassword }),
]);
export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

/** docs/accounts.md#api fallback list, also the departments created on an empty database. */
export const DEFAULT_DEPARTMENTS = [
  'Administração',
  'Recursos Humanos',
  'Financeiro',
  'Pedidos',
  'Licitações',
  'Infraestrutura',
  'Jurídico',
  'Gabinete',
] as const;

/** Department whose members see the administrative sidebar entries (docs/interface.md#layout). */
export const CABINET_DEPARTMENT = 'Gabinete';

/** Admins and Gabinete members read the full staff table; everyone else gets lookup fields. */
export const mayReadFullUserList = (user: { role: Role; department: string }): boolean =>
  user.role === 'admin' || user.department === CABINET_DEPARTMENT;
