import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  type Key,
  type MenuItemProps as AriaMenuItemProps,
} from 'react-aria-components';
import { cx } from './cx';

export interface MenuProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger button. */
  label: string;
  children: ReactNode;
  onAction?: (key: Key) => void;
  triggerClassName?: string;
  placement?: 'bottom end' | 'bottom start' | 'bottom';
}

/** Button that opens a keyboard-navigable menu (arrow keys, typeahead, Esc). */
export function Menu({ trigger, label, children, onAction, triggerClassName, placement = 'bottom end' }: MenuProps) {
  return (
    <MenuTrigger>
      <AriaButton aria-label={label} className={cx('menu__trigger', triggerClassName)}>
        {trigger}
      </AriaButton>
      <Popover placement={placement} className="popover menu__popover">
        <AriaMenu className="menu" onAction={onAction}>
          {children}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

export function MenuItem({ className, ...props }: AriaMenuItemProps & { className?: string }) {
  return <AriaMenuItem {...props} className={cx('menu__item', className)} />;
}

/** A non-interactive block at the top of a menu (e.g. who is signed in). */
export function MenuHeader({ children }: { children: ReactNode }) {
  return (
    <MenuSection className="menu__section">
      <Header className="menu__header">{children}</Header>
    </MenuSection>
  );
}

export function MenuSeparator() {
  return <Separator className="menu__separator" />;
}
