import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Icon } from '@/ui/Icon';
import { useLiveNotifications } from '../hooks/useLiveNotifications';
import { useUnreadCount } from '../hooks/useRecentNotifications';
import { NotificationDropdown } from './NotificationDropdown';

/** Header bell with the unread badge; opens the notification dropdown. */
export function NotificationBell() {
  useLiveNotifications();
  const unread = useUnreadCount();
  const label = unread > 0 ? `Notificações (${unread} não lidas)` : 'Notificações';
  return (
    <DialogTrigger>
      <AriaButton className="icon-button header__bell" aria-label={label}>
        <Icon name="bell" />
        {unread > 0 && (
          <span className="header__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </AriaButton>
      <Popover placement="bottom end" className="popover notification-popover">
        <Dialog className="notification-popover__dialog" aria-label="Notificações">
          {({ close }) => <NotificationDropdown onClose={close} />}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
