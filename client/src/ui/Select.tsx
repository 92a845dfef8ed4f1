import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { cx } from './cx';

export interface SelectOption {
  id: string;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/** Single choice from a list (react-aria Select: typeahead, keyboard, screen-reader labels). */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder = 'Selecione...',
  errorMessage,
  className,
  ...props
}: SelectProps) {
  return (
    <AriaSelect
      {...props}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => key !== null && onChange(String(key))}
      disabledKeys={options.filter((o) => o.isDisabled).map((o) => o.id)}
      isInvalid={!!errorMessage}
      placeholder={placeholder}
      className={cx('field', className)}
    >
      <Label className="field__label">{label}</Label>
      <AriaButton className="field__input select__button">
        <SelectValue className="select__value" />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </AriaButton>
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="popover select__popover">
        <ListBox className="listbox" items={options}>
          {(option) => (
            <ListBoxItem className="listbox__item" id={option.id} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
