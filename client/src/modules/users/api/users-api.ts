import type {
  CreateUserRequest,
  CreateUserResponse,
  ResetPasswordResponse,
  UpdateUserRequest,
  UserStatus,
  UserView,
} from '@contracts';
import { http } from '@/lib/http';

/** docs/accounts.md#api Users. */
export const usersApi = {
  list: (signal?: AbortSignal) => http.get<UserView[]>('/users', { signal }),
  create: (body: CreateUserRequest) => http.post<CreateUserResponse>('/users', body),
  update: (id: string, body: UpdateUserRequest) => http.put<UserView>(`/users/${id}`, body),
  setStatus: (id: string, status: UserStatus) => http.patch<UserView>(`/users/${id}/status`, { status }),
  resetPassword: (id: string) => http.post<ResetPasswordResponse>(`/users/${id}/reset-password`),
  remove: (id: string) => http.delete<{ message: string }>(`/users/${id}`),
};
