import { Icon } from './Icon';
import { Menu, MenuItem } from './Menu';
import { cx } from './cx';

export interface RowAction {
  id: string;
  label: string;
  onAction: () => void;
  isDisabled?: boolean;
  isDestructive?: boolean;
}

export interface RowActionsMenuProps {
  /** Accessible name of the trigger, naming the row, e.g. 'Ações de Maria Souza'. */
  label: string;
  actions: readonly RowAction[];
}

/** A table row's actions behind one compact button (a keyboard-navigable menu), instead of a row of buttons. */
export function RowActionsMenu({ label, actions }: RowActionsMenuProps) {
  return (
    <Menu label={label} trigger={<Icon name="moreVertical" size={20} />} triggerClassName="row-actions__trigger">
      {actions.map((action) => (
        <MenuItem
          key={action.id}
          id={action.id}
          textValue={action.label}
          isDisabled={action.isDisabled}
          onAction={action.onAction}
          className={cx(action.isDestructive && 'menu__item--danger')}
        >
          {action.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
