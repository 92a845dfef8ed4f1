import { DEFAULT_DEPARTMENTS, type DepartmentView } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { departmentsApi } from '../api/departments-api';
import { departmentKeys } from '../api/department-keys';
import { readDepartmentList } from '../utils/department-list';

const departmentsQuery = {
  queryKey: departmentKeys.list(),
  queryFn: ({ signal }: { signal: AbortSignal }) => departmentsApi.list(signal),
};

/** The departments, checked (a malformed reply is an error, docs/accounts.md#validation). */
export function useDepartments(enabled = true) {
  return useQuery({ ...departmentsQuery, select: readDepartmentList, enabled });
}

/** Names from the list reply; nothing usable gives the fixed list (docs/accounts.md#api). */
export function departmentNames(reply: unknown): string[] {
  const items = Array.isArray(reply) ? (reply as Partial<DepartmentView>[]) : [];
  const names = items.map((item) => item?.name).filter((name): name is string => typeof name === 'string' && !!name);
  return names.length ? names : [...DEFAULT_DEPARTMENTS];
}

/** Department names for the selects (never fails: falls back to the fixed list). */
export function useDepartmentNames(): string[] {
  const query = useQuery({ ...departmentsQuery, select: departmentNames });
  if (query.data) return query.data;
  return query.isError ? [...DEFAULT_DEPARTMENTS] : [];
}
