import { Heading } from 'react-aria-components';

/**
 * Body of the bell's popover (spec 1 §2 "Notification dropdown"). Placeholder until the
 * notifications feature lands: it owns this file and replaces the list below.
 */
export function NotificationDropdown() {
  return (
    <div className="notification-dropdown">
      <header className="notification-dropdown__header">
        <Heading slot="title" className="notification-dropdown__title">
          Notificações
        </Heading>
      </header>
      <p className="notification-dropdown__empty">Nenhuma notificação.</p>
    </div>
  );
}
