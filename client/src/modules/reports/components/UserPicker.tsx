import type { UserLookup } from '@contracts';
import {
  Button as AriaButton,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';

export interface UserPickerProps {
  users: readonly UserLookup[];
  value: string | null;
  onChange: (userId: string | null) => void;
  isDisabled?: boolean;
}

/** The users report's optional, searchable and clearable user select (docs/reports.md#screen). */
export function UserPicker({ users, value, onChange, isDisabled }: UserPickerProps) {
  return (
    <ComboBox
      className="field report-user-picker"
      selectedKey={value}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      isDisabled={isDisabled}
      menuTrigger="focus"
    >
      <Label className="field__label">Usuário</Label>
      <div className="report-user-picker__control">
        <Input className="field__input" placeholder="Todos os usuários" />
        {value && (
          <AriaButton
            className="icon-button report-user-picker__clear"
            aria-label="Limpar usuário"
            onPress={() => onChange(null)}
          >
            ×
          </AriaButton>
        )}
      </div>
      <Text slot="description" className="field__description">
        Deixe em branco para ver todos os usuários.
      </Text>
      <Popover className="popover select__popover">
        <ListBox className="listbox">
          {users.map((user) => (
            <ListBoxItem key={user._id} id={user._id} textValue={user.name} className="listbox__item">
              {user.name} <span className="muted">({user.department})</span>
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
