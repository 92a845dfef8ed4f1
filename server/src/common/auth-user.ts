import type { Level, Role } from '../contracts/users';

/** The caller of a request or socket, loaded fresh from the database on every request. */
export interface AuthUser {
  id: string;
  username: string;
  name: string;
  email: string;
  department: string;
  role: Role;
  level: Level;
  mustChangePassword: boolean;
  /** Refresh-token family of the session that issued the access token. */
  sessionFamilyId: string;
}

export const isAdmin = (user: Pick<AuthUser, 'role'>): boolean => user.role === 'admin';
