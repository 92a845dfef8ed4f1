import '../deadlines.css';
import { DEADLINE_MAX_DAYS, DEADLINE_UNIT_LABELS, DEADLINE_UNITS, localIsoDate, type DeadlineUnit } from '@contracts';
import { formatDay } from '@/lib/format';
import { DateField } from '@/ui/DateField';
import { NumberField } from '@/ui/NumberField';
import { RadioGroup } from '@/ui/RadioGroup';
import { Select } from '@/ui/Select';
import { useDueDay } from '../hooks/useDueDay';
import type { DeadlineFormValues, DeadlineMode } from '../utils/deadline-form';

const UNIT_OPTIONS = DEADLINE_UNITS.map((unit) => ({ id: unit, label: DEADLINE_UNIT_LABELS[unit] }));
const MODE_LABELS: Record<DeadlineMode, string> = { none: 'Sem prazo', days: 'Em dias', date: 'Até uma data' };

export interface DeadlineFieldsProps {
  /** The fieldset's legend: 'Prazo', 'Retorno programado'. */
  legend: string;
  value: DeadlineFormValues;
  onChange: (value: DeadlineFormValues) => void;
  /** The ways offered, 'none' first when the deadline is optional. */
  modes: readonly DeadlineMode[];
  /** What the computed due day means: (day) => 'O prazo vencerá em 05/12/2026.' */
  hint: (day: string) => string;
  noneLabel?: string;
  /** The problem of the deadline, shown at its visible field. */
  errorMessage?: string;
}

/**
 * A deadline given in days (with its unit: 'dias úteis' or 'dias corridos') or as a date
 * (docs/deadlines.md#process-deadlines), with the due day the server computes for days.
 */
export function DeadlineFields({ legend, value, onChange, modes, hint, noneLabel, errorMessage }: DeadlineFieldsProps) {
  const due = useDueDay(value.mode === 'days' ? value.days : NaN, value.unit);
  const set = (change: Partial<DeadlineFormValues>) => onChange({ ...value, ...change });
  const options = modes.map((mode) => ({
    id: mode,
    label: mode === 'none' && noneLabel ? noneLabel : MODE_LABELS[mode],
  }));
  return (
    <fieldset className="deadline-fields">
      <legend>{legend}</legend>
      {options.length > 1 && (
        <RadioGroup
          label="Forma do prazo"
          orientation="horizontal"
          options={options}
          value={value.mode}
          onChange={(mode) => set({ mode: mode as DeadlineMode })}
        />
      )}
      {value.mode === 'days' && (
        <div className="deadline-fields__grid">
          <NumberField
            label="Dias"
            isRequired
            minValue={1}
            maxValue={DEADLINE_MAX_DAYS}
            formatOptions={{ maximumFractionDigits: 0 }}
            value={value.days}
            onChange={(days) => set({ days })}
            errorMessage={errorMessage}
          />
          <Select
            label="Contagem"
            options={UNIT_OPTIONS}
            value={value.unit}
            onChange={(unit) => set({ unit: unit as DeadlineUnit })}
          />
        </div>
      )}
      {value.mode === 'date' && (
        <DateField
          label="Data do prazo"
          isRequired
          minValue={localIsoDate(new Date())}
          value={value.date || null}
          onChange={(date) => set({ date: date ?? '' })}
          errorMessage={errorMessage}
        />
      )}
      {value.mode === 'days' && due && (
        <p className="deadline-fields__hint" role="status">
          {hint(formatDay(due))}
        </p>
      )}
    </fieldset>
  );
}
