import type {
  AvatarResponse,
  ChangeEmailRequest,
  ChangeOwnPasswordRequest,
  UpdateProfileRequest,
  UserView,
} from '@contracts';
import { http } from '@/lib/http';

/** docs/accounts.md#api Profile: the signed-in user's own account. */
export const profileApi = {
  get: (signal?: AbortSignal) => http.get<UserView>('/profile', { signal }),
  update: (body: UpdateProfileRequest) => http.put<UserView>('/profile', body),
  changePassword: (body: ChangeOwnPasswordRequest) => http.put<{ message: string }>('/profile/password', body),
  changeEmail: (body: ChangeEmailRequest) => http.put<UserView>('/profile/email', body),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    return http.post<AvatarResponse>('/profile/avatar', form);
  },
};
