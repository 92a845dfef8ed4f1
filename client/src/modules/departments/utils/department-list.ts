import type { DepartmentView } from '@contracts';

export const INVALID_REPLY = 'Resposta inválida do servidor.';

/** The list call must answer an array of departments with a name (docs/accounts.md#validation "Department load"). */
export function readDepartmentList(reply: unknown): DepartmentView[] {
  if (!Array.isArray(reply) || !reply.every((d) => d && typeof (d as DepartmentView).name === 'string')) {
    throw new Error(INVALID_REPLY);
  }
  return reply as DepartmentView[];
}
