import { DEFAULT_DEPARTMENTS, type DepartmentView, type UserLookup } from '@contracts';
import { http } from '../../../lib/http';

/** Department names from GET /departments; on failure or an invalid reply, the fixed list (spec 1 §7). */
export async function fetchDepartmentNames(): Promise<string[]> {
  try {
    const reply = await http.get<unknown>('/departments');
    const items = Array.isArray(reply) ? (reply as Partial<DepartmentView>[]) : [];
    const names = items.map((item) => item?.name).filter((name): name is string => typeof name === 'string' && !!name);
    return names.length ? names : [...DEFAULT_DEPARTMENTS];
  } catch {
    return [...DEFAULT_DEPARTMENTS];
  }
}

/** Active staff for the pickers (confidential access, requester). */
export function fetchUserLookups(): Promise<UserLookup[]> {
  return http.get<UserLookup[]>('/users/for-reports');
}
