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
    requirePasswordChange: z.boolean(),
    createdAt: FIELDS.dateTime,
    updatedAt: FIELDS.dateTime,
  })
  .meta({ id: 'UserView' });
export type UserView = z.infer<typeof userViewSchema>;

/** Non-sensitive fields every signed-in user may read (lookups, pickers). */
export interface UserLookup {
  _id: string;
  name: string;
  department: string;
  email: string;
  phone: string | null;
}

export interface CreateUserRequest {
  username: string;
  name: string;
  email: string;
  department: string;
  role?: Role;
  level?: Level;
  phone?: string;
}

export interface UpdateUserStatusRequest {
  status: UserStatus;
}

export type UpdateUserRequest = Partial<Omit<CreateUserRequest, 'username'>>;

/**
 * How a new temporary password reached the user: by e-mail (SMTP_URL set and the user has an
 * address; the reply then never carries it), or in this reply, to be shown once (only its hash is
 * stored).
 */
export type TemporaryPasswordDelivery =
  { emailed: true; tempPassword?: never } | { emailed: false; tempPassword: string };

export type CreateUserResponse = { user: UserView } & TemporaryPasswordDelivery;

export type ResetPasswordResponse = TemporaryPasswordDelivery;

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

export const DEPARTMENT_NAME_MAX_LENGTH = 120;

/** Department whose members see the administrative sidebar entries (docs/interface.md#layout). */
export const CABINET_DEPARTMENT = 'Gabinete';

/** Admins and Gabinete members read the full staff table; everyone else gets lookup fields. */
export const mayReadFullUserList = (user: { role: Role; department: string }): boolean =>
  user.role === 'admin' || user.department === CABINET_DEPARTMENT;
