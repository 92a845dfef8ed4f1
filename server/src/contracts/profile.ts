/** Requests and replies of the signed-in user's own profile (docs/accounts.md#api Profile). */
import type { ChangeTemporaryPasswordRequest } from './auth';
import type { Theme } from './users';

/** docs/accounts.md#validation: avatar maximum, 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'Imagem muito grande. O tamanho máximo é 5MB.';
export const AVATAR_NOT_AN_IMAGE = 'O arquivo selecionado não é uma imagem válida.';

export interface UpdatePreferencesRequest {
  theme?: Theme;
  notifications?: { email?: boolean; system?: boolean };
}

/** Partial update: only the fields sent change. */
export interface UpdateProfileRequest {
  name?: string;
  displayName?: string | null;
  preferences?: UpdatePreferencesRequest;
}

/** Same shape as the temporary-password change; the caller's other sessions end. */
export type ChangeOwnPasswordRequest = ChangeTemporaryPasswordRequest;

export interface ChangeEmailRequest {
  password: string;
  newEmail: string;
}

export interface AvatarResponse {
  /** Path under the API base; add `?token=` to put it in an `<img src>`. */
  avatarUrl: string;
}
