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

export interface LogDateFieldProps {
  label: string;
  value: DateValue | null;
  onChange: (value: DateValue | null) => void;
  /** Days before this one are refused (the end date cannot precede the start, docs/audit.md#filters). */
  minValue?: DateValue | null;
  errorMessage?: string;
}

/** Day picker in dd/mm/aaaa (the page's I18nProvider is pt-BR) with a calendar and a clear button. */
export function LogDateField({ label, value, onChange, minValue, errorMessage }: LogDateFieldProps) {
  return (
    <div className="log-date">
      <DatePicker
        className="field log-date__picker"
        value={value}
        onChange={onChange}
        minValue={minValue ?? undefined}
        granularity="day"
        validationBehavior="aria"
        isInvalid={!!errorMessage || undefined}
      >
        <Label className="field__label">{label}</Label>
        <Group className="field__input log-date__group">
          <DateInput className="log-date__input">
            {(segment) => <DateSegment segment={segment} className="log-date__segment" />}
          </DateInput>
          <AriaButton className="icon-button log-date__open" aria-label={`Abrir calendário: ${label}`}>
            ▾
          </AriaButton>
        </Group>
        <FieldError className="field__error">{errorMessage}</FieldError>
        <Popover className="popover">
          <Dialog className="log-date__dialog">
            <Calendar className="log-calendar">
              <header className="log-calendar__header">
                <AriaButton slot="previous" className="icon-button" aria-label="Mês anterior">
                  ‹
                </AriaButton>
                <Heading className="log-calendar__title" />
                <AriaButton slot="next" className="icon-button" aria-label="Próximo mês">
                  ›
                </AriaButton>
              </header>
              <CalendarGrid>{(date) => <CalendarCell date={date} className="log-calendar__cell" />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
      {value && (
        <button type="button" className="link-button log-date__clear" onClick={() => onChange(null)}>
          Limpar
        </button>
      )}
    </div>
  );
}
