import type { ChangeTemporaryPasswordRequest, LoginRequest, LoginResponse, UserView } from '@contracts';
import { http } from '@/lib/http';

export const authApi = {
  login: (body: LoginRequest) => http.post<LoginResponse>('/auth/login', body),
  me: (signal?: AbortSignal) => http.get<UserView>('/auth/me', { signal }),
  changeTemporaryPassword: (body: ChangeTemporaryPasswordRequest) =>
    http.post<{ message: string }>('/auth/change-temporary-password', body),
  logout: () => http.post<{ message: string }>('/auth/logout'),
};
