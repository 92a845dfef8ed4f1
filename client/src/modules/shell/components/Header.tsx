import { useAtom } from 'jotai';
import { Button as AriaButton } from 'react-aria-components';
import { Icon } from '@/ui/Icon';
import { NotificationBell } from '@/modules/notifications/components/NotificationBell';
import { sidebarOpenAtom } from '../states/sidebarOpenAtom';
import { Clock } from './Clock';
import { ConnectionIndicator } from './ConnectionIndicator';
import { SearchBox } from './SearchBox';
import { UserMenu } from './UserMenu';

export function Header() {
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  return (
    <header className="header">
      <AriaButton
        className="icon-button header__toggle"
        aria-label={open ? 'Recolher menu' : 'Expandir menu'}
        aria-expanded={open}
        aria-controls="app-sidebar"
        onPress={() => setOpen(!open)}
      >
        <Icon name="menu" />
      </AriaButton>
      <SearchBox />
      <div className="header__right">
        <Clock />
        <ConnectionIndicator />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
