/** Shapes of users and departments shared by server and client (docs/accounts.md#users User, docs/accounts.md#users). */
export const ROLES = ['admin', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const LEVELS = ['Funcionário', 'Chefia'] as const;
export type Level = (typeof LEVELS)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export interface UserPreferences {
  theme: Theme;
  notifications: { email: boolean; system: boolean };
}

/** The signed-in user's own record, as /auth/me and /auth/login return it. */
export interface UserView {
  _id: string;
  id: string;
  name: string;
  displayName: string | null;
  username: string;
  email: string;
  phone: string | null;
  department: string;
  role: Role;
  level: Level;
  status: UserStatus;
  avatar: string | null;
  preferences: UserPreferences;
  requirePasswordChange: boolean;
  createdAt: string;
  updatedAt: string;
}

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
