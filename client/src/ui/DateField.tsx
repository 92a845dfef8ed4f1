import { parseDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  type DateValue,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { cx } from './cx';

export interface DateFieldProps {
  label: string;
  /** The day as YYYY-MM-DD, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Days before this one (YYYY-MM-DD) are refused. */
  minValue?: string | null;
  errorMessage?: string;
  isRequired?: boolean;
  className?: string;
}

const toDay = (iso: string | null | undefined): DateValue | null => {
  if (!iso) return null;
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
};

/**
 * A day typed and shown as dd/mm/aaaa (the app's I18nProvider is pt-BR) whatever the browser's
 * language, with a calendar and a clear button.
 */
export function DateField({ label, value, onChange, minValue, errorMessage, isRequired, className }: DateFieldProps) {
  return (
    <div className={cx('date-field', className)}>
      <DatePicker
        className="field date-field__picker"
        value={toDay(value)}
        onChange={(day) => onChange(day ? day.toString() : null)}
        minValue={toDay(minValue) ?? undefined}
        granularity="day"
        validationBehavior="aria"
        isRequired={isRequired}
        isInvalid={!!errorMessage || undefined}
      >
        <Label className="field__label">{label}</Label>
        <Group className="field__input date-field__group">
          <DateInput className="date-field__input">
            {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
          </DateInput>
          <AriaButton className="icon-button date-field__open" aria-label={`Abrir calendário: ${label}`}>
            ▾
          </AriaButton>
        </Group>
        <FieldError className="field__error">{errorMessage}</FieldError>
        <Popover className="popover">
          <Dialog className="date-field__dialog">
            <Calendar className="calendar">
              <header className="calendar__header">
                <AriaButton slot="previous" className="icon-button" aria-label="Mês anterior">
                  ‹
                </AriaButton>
                <Heading className="calendar__title" />
                <AriaButton slot="next" className="icon-button" aria-label="Próximo mês">
                  ›
                </AriaButton>
              </header>
              <CalendarGrid>{(date) => <CalendarCell date={date} className="calendar__cell" />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
      {value && (
        <button type="button" className="link-button date-field__clear" onClick={() => onChange(null)}>
          Limpar
        </button>
      )}
    </div>
  );
}
