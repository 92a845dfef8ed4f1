import { FINAL_PROCESS_STATUSES, LAI_REQUEST_TYPE, type ProcessDeadlineDetail, type ProcessView } from '@contracts';
import { extensionsLeft } from '@/modules/deadlines/utils/deadline-format';

export type DeadlineAction = 'set' | 'suspend' | 'resume' | 'extend';

export const DEADLINE_ACTION_LABELS: Record<DeadlineAction, string> = {
  set: 'Definir prazo',
  suspend: 'Sobrestar',
  resume: 'Retomar',
  extend: 'Prorrogar',
};

export const isDeadlineAction = (action: string | null): action is DeadlineAction =>
  action !== null && action in DEADLINE_ACTION_LABELS;

/**
 * The deadline the process shows (docs/deadlines.md#which-deadline) among its deadlines: the reply's
 * `deadline` carries no id, so the first (newest) one of the same kind, due day and state.
 */
export function shownDeadline(process: Pick<ProcessView, 'deadline' | 'deadlines'>): ProcessDeadlineDetail | null {
  const shown = process.deadline;
  if (!shown) return null;
  return process.deadlines.find((d) => d.kind === shown.kind && d.due === shown.due && d.state === shown.state) ?? null;
}

const isOpen = (deadline: ProcessDeadlineDetail) => deadline.state !== 'met' && deadline.state !== 'suspended';

/**
 * What the deadlines panel offers (docs/deadlines.md#suspension-and-extension), for whoever may act
 * on a process that is not finalised (the server refuses the rest): set always; suspend while a
 * deadline runs; resume while one is paused; extend while the shown one runs and has extensions left.
 * A LAI request keeps its legal clock: no 'Definir prazo' (docs/processes.md#access-to-information-requests).
 */
export function availableDeadlineActions(
  process: Pick<ProcessView, 'status' | 'permissions' | 'deadline' | 'deadlines' | 'requestType'>,
): DeadlineAction[] {
  if (!process.permissions.canAct || FINAL_PROCESS_STATUSES.includes(process.status)) return [];
  const actions: DeadlineAction[] = process.requestType === LAI_REQUEST_TYPE ? [] : ['set'];
  if (process.deadlines.some(isOpen)) actions.push('suspend');
  if (process.deadlines.some((d) => d.state === 'suspended')) actions.push('resume');
  const shown = shownDeadline(process);
  if (shown && isOpen(shown) && extensionsLeft(shown).days > 0 && extensionsLeft(shown).times > 0) {
    actions.push('extend');
  }
  return actions;
}
