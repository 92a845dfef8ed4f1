import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { firstName } from '@/lib/format';
import { Icon } from '@/ui/Icon';
import { Menu, MenuHeader, MenuItem, MenuSeparator } from '@/ui/Menu';
import { levelLabel, roleLabel } from '@/modules/auth/permissions';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { UserAvatar } from '@/modules/profile/components/UserAvatar';
import { useLogout } from '../hooks/useLogout';

/** Header user menu: first name, role label, level; Meu Perfil, Configurações, Sair. */
export function UserMenu() {
  const user = useAtomValue(currentUserAtom);
  const [, navigate] = useLocation();
  const logout = useLogout();
  const name = user?.displayName || user?.name;

  // The first name sits beside the button: the button's visible text then matches its name (WCAG 2.5.3).
  return (
    <>
      <span className="user-menu__name">{firstName(name)}</span>
      <Menu
        label="Menu do usuário"
        triggerClassName="user-menu__trigger"
        trigger={
          <>
            <UserAvatar name={name} avatar={user?.avatar} size="sm" />
            <Icon name="chevronDown" size={16} />
          </>
        }
        onAction={(key) => {
          if (key === 'logout') void logout();
          else navigate(String(key));
        }}
      >
        <MenuHeader>
          <span className="user-menu__header-name">{firstName(name)}</span>
          <span className="user-menu__header-role">{roleLabel(user?.role)}</span>
          <span className="user-menu__header-level">{levelLabel(user?.level)}</span>
        </MenuHeader>
        <MenuSeparator />
        <MenuItem id="/profile" textValue="Meu Perfil">
          <Icon name="user" size={16} /> Meu Perfil
        </MenuItem>
        <MenuItem id="/settings" textValue="Configurações">
          <Icon name="settings" size={16} /> Configurações
        </MenuItem>
        <MenuSeparator />
        <MenuItem id="logout" textValue="Sair">
          <Icon name="logout" size={16} /> Sair
        </MenuItem>
      </Menu>
    </>
  );
}
