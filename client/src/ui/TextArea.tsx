import {
  Label,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cx } from './cx';
import { FieldMessages } from './FieldMessages';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'className'> {
  label: string;
  rows?: number;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
  className?: string;
}

export function TextArea({
  label,
  rows = 4,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: TextAreaProps) {
  return (
    <AriaTextField {...props} isInvalid={props.isInvalid ?? !!errorMessage} className={cx('field', className)}>
      <Label className="field__label">{label}</Label>
      <AriaTextArea className="field__input field__textarea" rows={rows} placeholder={placeholder} />
      <FieldMessages description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
