import {
  Input,
  Label,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cx } from './cx';
import { FieldMessages } from './FieldMessages';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className'> {
  label: string;
  description?: string;
  /** Error shown under the field (also marks it invalid). */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
}

export function TextField({ label, description, errorMessage, placeholder, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={props.isInvalid ?? !!errorMessage} className={cx('field', className)}>
      <Label className="field__label">{label}</Label>
      <Input className="field__input" placeholder={placeholder} />
      <FieldMessages description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
