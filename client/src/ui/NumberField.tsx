import {
  Button as AriaButton,
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { cx } from './cx';
import { FieldMessages } from './FieldMessages';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'className'> {
  label: string;
  description?: string;
  errorMessage?: string;
  className?: string;
}

/** A number with − / + steppers (arrow keys step too); formatted in the page's locale. */
export function NumberField({ label, description, errorMessage, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} isInvalid={props.isInvalid ?? !!errorMessage} className={cx('field', className)}>
      <Label className="field__label">{label}</Label>
      <Group className="number-field__group">
        <AriaButton slot="decrement" className="number-field__step">
          −
        </AriaButton>
        <Input className="field__input number-field__input" />
        <AriaButton slot="increment" className="number-field__step">
          +
        </AriaButton>
      </Group>
      <FieldMessages description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
