import { Icon, type IconName } from '@/ui/Icon';

/** Icon by type (docs/notifications.md#types): document, process, system, task, alert; otherwise the bell. */
const ICONS: Record<string, IconName> = {
  document: 'documents',
  process: 'processes',
  system: 'settings',
  task: 'logs',
  alert: 'alert',
};

export function NotificationIcon({ type }: { type: string }) {
  return (
    <span className={`notification-icon notification-icon--${ICONS[type] ? type : 'default'}`} aria-hidden="true">
      <Icon name={ICONS[type] ?? 'bell'} size={18} />
    </span>
  );
}
