import {
  Label,
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import { cx } from './cx';

export interface RadioOption {
  id: string;
  label: string;
}

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'className' | 'children' | 'onChange'> {
  label: string;
  options: readonly RadioOption[];
  onChange: (value: string) => void;
  className?: string;
}

/** One choice among a few visible options (arrow keys move between them). */
export function RadioGroup({ label, options, onChange, className, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} onChange={onChange} className={cx('field radio-group', className)}>
      <Label className="field__label">{label}</Label>
      <div className="radio-group__options">
        {options.map((option) => (
          <AriaRadio key={option.id} value={option.id} className="radio">
            <span className="radio__dot" aria-hidden="true" />
            <span>{option.label}</span>
          </AriaRadio>
        ))}
      </div>
    </AriaRadioGroup>
  );
}
