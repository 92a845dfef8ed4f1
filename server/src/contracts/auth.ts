import type { UserView } from './users';

export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  /** ISO date when the access token stops being accepted. */
  expiresAt: string;
  user: UserView;
  requirePasswordChange: boolean;
}

export interface RefreshResponse {
  token: string;
  expiresAt: string;
}

export interface ChangeTemporaryPasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export const MIN_PASSWORD_LENGTH = 6;
/** A password needs at least one character that is not white space. */
export const PASSWORD_HAS_CONTENT = /\S/;
export const MAX_PASSWORD_LENGTH = 256;

/** Error body of every failed API call; `message` is pt-BR and can be shown as-is. */
export interface ApiError {
  statusCode: number;
  message: string;
  error: string;
  code?: string;
}
