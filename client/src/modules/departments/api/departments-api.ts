import type { DepartmentRequest, DepartmentView } from '@contracts';
import { http } from '@/lib/http';

/** docs/accounts.md#api Departments. The list is `unknown` until a caller checks its shape (docs/accounts.md#validation). */
export const departmentsApi = {
  list: (signal?: AbortSignal) => http.get<unknown>('/departments', { signal }),
  create: (body: DepartmentRequest) => http.post<DepartmentView>('/departments', body),
  update: (id: string, body: DepartmentRequest) => http.put<DepartmentView>(`/departments/${id}`, body),
  remove: (id: string) => http.delete<{ message: string }>(`/departments/${id}`),
};
