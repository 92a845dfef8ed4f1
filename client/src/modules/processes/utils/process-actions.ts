import { FINAL_PROCESS_STATUSES, type ProcessView } from '@contracts';

export type ProcessAction = 'forward' | 'respond' | 'attach' | 'createDocument' | 'finalize' | 'delete';

export const PROCESS_ACTION_LABELS: Record<ProcessAction, string> = {
  forward: 'Encaminhar',
  respond: 'Adicionar Resposta',
  attach: 'Anexar Documento',
  createDocument: 'Criar Documento',
  finalize: 'Finalizar',
  delete: 'Excluir',
};

/** Buttons offered on the details page: none once finalised; otherwise what the server's permissions allow. */
export function availableActions(process: Pick<ProcessView, 'status' | 'permissions'>): ProcessAction[] {
  if (FINAL_PROCESS_STATUSES.includes(process.status)) return [];
  const actions: ProcessAction[] = process.permissions.canAct
    ? ['forward', 'respond', 'attach', 'createDocument', 'finalize']
    : [];
  return process.permissions.canDelete ? [...actions, 'delete'] : actions;
}
