import { useAtom, useAtomValue } from 'jotai';
import { Button as AriaButton } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/Icon';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { UserAvatar } from '@/modules/profile/components/UserAvatar';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/useMediaQuery';
import { useLogout } from '../hooks/useLogout';
import { sidebarOpenAtom } from '../states/sidebarOpenAtom';
import { usePendingSignatures } from '@/modules/documents/hooks/usePendingSignatures';
import { type NavItem, visibleNavItems } from './nav-items';

/** The entry of `href` is the current page's: the longest entry the location is in wins. */
function isActive(location: string, href: string, hrefs: string[]): boolean {
  const within = (h: string) => location === h || location.startsWith(`${h}/`);
  return within(href) && !hrefs.some((other) => other.length > href.length && within(other));
}

export function Sidebar() {
  const user = useAtomValue(currentUserAtom);
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const logout = useLogout();
  const [location] = useLocation();
  const items = visibleNavItems(user);
  const hrefs = items.map((item) => item.href);
  const pendingSignatures = usePendingSignatures(!!user).data?.length ?? 0;
  const countOf = (item: NavItem) => (item.count === 'pendingSignatures' ? pendingSignatures : 0);
  const closeOnMobile = () => isMobile && setOpen(false);
  const name = user?.displayName || user?.name || 'Usuário';

  return (
    <>
      {isMobile && open && <div className="sidebar-overlay" aria-hidden="true" onClick={() => setOpen(false)} />}
      <aside
        id="app-sidebar"
        className={cx('sidebar', open ? 'sidebar--open' : 'sidebar--collapsed', isMobile && 'sidebar--overlay')}
        aria-label="Menu principal"
        inert={isMobile && !open}
      >
        <div className="sidebar__brand">
          <span className="sidebar__logo" aria-hidden="true">
            SG
          </span>
          <span className="sidebar__title">SEMGI</span>
          {isMobile && (
            <AriaButton className="icon-button sidebar__close" aria-label="Fechar menu" onPress={() => setOpen(false)}>
              <Icon name="close" />
            </AriaButton>
          )}
        </div>
        <nav className="sidebar__nav">
          <ul>
            {items.map((item) => {
              const active = isActive(location, item.href, hrefs);
              const count = countOf(item);
              const named = count > 0 ? `${item.label} (${count})` : item.label;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className={cx('sidebar__link', active && 'sidebar__link--active')}
                    aria-current={active ? 'page' : undefined}
                    aria-label={open && count === 0 ? undefined : named}
                    title={open ? undefined : named}
                    onClick={closeOnMobile}
                  >
                    <Icon name={item.icon} />
                    <span className="sidebar__label">{item.label}</span>
                    {count > 0 && (
                      <span className="sidebar__count" aria-hidden="true">
                        {count > 99 ? '99+' : count}
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="sidebar__user">
          <UserAvatar name={name} avatar={user?.avatar} />
          <div className="sidebar__user-info">
            <span className="sidebar__user-name">{name}</span>
            <span className="sidebar__user-department">{user?.department}</span>
          </div>
          <AriaButton className="sidebar__logout" onPress={() => void logout()} aria-label="Sair">
            <Icon name="logout" />
            <span className="sidebar__label">Sair</span>
          </AriaButton>
        </div>
      </aside>
    </>
  );
}
