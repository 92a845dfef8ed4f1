import type { NotificationType } from '@contracts';

/** Card labels (docs/notifications.md#page); any other type reads 'Notificação'. */
const LABELS: Record<NotificationType, string> = {
  document: 'Documento',
  process: 'Processo',
  system: 'Sistema',
  task: 'Tarefa',
  alert: 'Alerta',
};

export function notificationLabel(type: string): string {
  return (LABELS as Record<string, string | undefined>)[type] ?? 'Notificação';
}

/** Dropdown time (docs/notifications.md#page): 'N min atrás' under an hour, 'N h atrás' under a day, else the pt-BR date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Data não disponível';
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min atrás`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h atrás`;
  return date.toLocaleDateString('pt-BR');
}

/** Page date (docs/notifications.md#page): day/month/year hour:minute. */
export function fullDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Data não disponível';
  return date.toLocaleString('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** In-app path of a notification link ('/semgi/x' → '/x'); null for '#' or an empty link. */
export function appPath(link: string, base = '/semgi'): string | null {
  if (!link || link === '#') return null;
  return link.startsWith(`${base}/`) ? link.slice(base.length) : link;
}
