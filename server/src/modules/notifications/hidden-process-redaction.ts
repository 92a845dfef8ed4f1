import type { AuthUser } from '#server/common/auth-user';
import type { NotificationView } from '#server/contracts/notifications';
import type { ProcessesRepository } from '#server/repositories/processes.repository';

const PROCESS_LINK = /^\/semgi\/process-details\/([^/?#]+)$/;

/** What a notification about a process the reader may no longer see says instead (docs/notifications.md#recipients). */
export const HIDDEN_PROCESS_NOTIFICATION = {
  message: 'Este processo não está mais disponível para você.',
  link: '#',
} as const;

/** The process id a notification links to, if it links to a process page. */
export function linkedProcessId(link: string): string | null {
  const match = PROCESS_LINK.exec(link);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * A notification copies the process's number and subject when it is stored. If the process later
 * became confidential without the reader on its access list, those facts must not be shown: they
 * are replaced at read time, with the same rule as every process query (ProcessesRepository.hiddenFrom).
 * A process that no longer exists keeps its text (its deletion was notified to who could see it).
 */
export async function redactHiddenProcesses(
  processes: ProcessesRepository,
  reader: Pick<AuthUser, 'id' | 'role'>,
  views: NotificationView[],
): Promise<NotificationView[]> {
  const ids = [...new Set(views.map((v) => linkedProcessId(v.link)).filter((id): id is string => id !== null))];
  if (ids.length === 0) return views;
  const hiddenIds = await processes.hiddenFrom(reader, ids);
  if (hiddenIds.size === 0) return views;
  return views.map((view) => {
    const id = linkedProcessId(view.link);
    return id !== null && hiddenIds.has(id) ? { ...view, ...HIDDEN_PROCESS_NOTIFICATION } : view;
  });
}
