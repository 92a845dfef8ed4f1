import type { DepartmentRequest, DepartmentView } from '@contracts';
import { http } from '../../../lib/http';

/** Spec 2 §7 Departments. */
export const departmentsApi = {
  list: () => http.get<DepartmentView[]>('/departments'),
  create: (body: DepartmentRequest) => http.post<DepartmentView>('/departments', body),
  update: (id: string, body: DepartmentRequest) => http.put<DepartmentView>(`/departments/${id}`, body),
  remove: (id: string) => http.delete<{ message: string }>(`/departments/${id}`),
};
