import '../notifications.css';
import { Button as AriaButton, Heading } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { errorMessage } from '@/lib/http';
import { useNotificationActions } from '../hooks/useNotificationActions';
import { useRecentNotifications, useUnreadCount } from '../hooks/useRecentNotifications';
import { appPath, relativeTime } from '../utils/notification-format';
import { NotificationIcon } from './NotificationIcon';

/** Body of the bell's popover (docs/notifications.md#dropdown "Notification dropdown"). */
export function NotificationDropdown({ onClose }: { onClose?: () => void }) {
  const recent = useRecentNotifications();
  const notifications = recent.data?.notifications ?? [];
  const unread = useUnreadCount();
  const loadError = recent.error ? errorMessage(recent.error, 'Falha ao carregar notificações') : null;
  const { markRead, markAllRead } = useNotificationActions();
  const [, navigate] = useLocation();

  return (
    <div className="notification-dropdown">
      <header className="notification-dropdown__header">
        <Heading slot="title" className="notification-dropdown__title">
          Notificações
        </Heading>
        {unread > 0 && (
          <AriaButton className="link-button" onPress={() => void markAllRead()}>
            Marcar todas como lidas
          </AriaButton>
        )}
      </header>
      {loadError && <p className="notification-dropdown__error">{loadError}</p>}
      {notifications.length === 0 ? (
        <p className="notification-dropdown__empty">Nenhuma notificação.</p>
      ) : (
        <ul className="notification-dropdown__list">
          {notifications.map((n) => (
            <li key={n.id}>
              <AriaButton
                className={`notification-item${n.read ? '' : ' notification-item--unread'}`}
                onPress={() => {
                  if (!n.read) void markRead(n);
                  const path = appPath(n.link);
                  if (path) {
                    onClose?.();
                    navigate(path);
                  }
                }}
              >
                <NotificationIcon type={n.type} />
                <span className="notification-item__body">
                  <span className="notification-item__title">{n.title}</span>
                  <span className="notification-item__message">{n.message}</span>
                  <time className="notification-item__time" dateTime={n.createdAt}>
                    {relativeTime(n.createdAt)}
                  </time>
                </span>
              </AriaButton>
            </li>
          ))}
        </ul>
      )}
      <footer className="notification-dropdown__footer">
        <Link href="/notifications" onClick={() => onClose?.()}>
          Ver todas
        </Link>
      </footer>
    </div>
  );
}
