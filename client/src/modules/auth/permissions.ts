import { CABINET_DEPARTMENT } from '@contracts';

export interface UserLike {
  role?: string | null;
  department?: string | null;
  level?: string | null;
}

/** Sidebar entries Usuários, Departamentos and Integração (docs/interface.md#layout). The server enforces. */
export function canSeeAdministration(user: UserLike | null | undefined): boolean {
  return user?.role === 'admin' || user?.department === CABINET_DEPARTMENT;
}

export function roleLabel(role: UserLike['role']): string {
  return role === 'admin' ? 'Administrador' : 'Operador';
}

export function levelLabel(level: UserLike['level']): string {
  return level || 'Funcionário';
}
