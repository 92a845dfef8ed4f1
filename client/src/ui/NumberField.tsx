import { type FocusEvent, type KeyboardEvent, useState } from 'react';
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
import { AMBIGUOUS_NUMBER, fractionDigitsOf, isAmbiguousNumber } from './number-entry';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'className'> {
  label: string;
  description?: string;
  errorMessage?: string;
  className?: string;
  /** Hide the − / + steppers (money is typed, not stepped). */
  hideSteppers?: boolean;
}

/**
 * A number read and shown in pt-BR (the app's I18nProvider) whatever the browser's language, with
 * − / + steppers (arrow keys step too). An ambiguous entry is not committed: the field reports NaN
 * to onChange (so it empties and its form refuses it) and says how to type it.
 */
export function NumberField({ label, description, errorMessage, className, hideSteppers, ...props }: NumberFieldProps) {
  const [ambiguous, setAmbiguous] = useState(false);
  const maxFractionDigits = fractionDigitsOf(props.formatOptions);
  // Runs in the capture phase, before react-aria parses the text (on blur and on Enter).
  const refuseAmbiguous = (event: FocusEvent | KeyboardEvent) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    const refused = isAmbiguousNumber(event.target.value, maxFractionDigits);
    setAmbiguous(refused);
    if (!refused) return;
    event.stopPropagation();
    event.preventDefault();
    props.onChange?.(NaN);
  };
  const message = ambiguous ? AMBIGUOUS_NUMBER : errorMessage;
  return (
    <AriaNumberField
      {...props}
      isInvalid={ambiguous || (props.isInvalid ?? !!errorMessage)}
      className={cx('field', className)}
    >
      <Label className="field__label">{label}</Label>
      <Group
        className="number-field__group"
        onBlurCapture={refuseAmbiguous}
        onKeyDownCapture={(event) => {
          if (event.key === 'Enter') refuseAmbiguous(event);
        }}
      >
        {!hideSteppers && (
          <AriaButton slot="decrement" className="number-field__step">
            −
          </AriaButton>
        )}
        <Input className="field__input number-field__input" />
        {!hideSteppers && (
          <AriaButton slot="increment" className="number-field__step">
            +
          </AriaButton>
        )}
      </Group>
      <FieldMessages description={description} errorMessage={message} />
    </AriaNumberField>
  );
}
