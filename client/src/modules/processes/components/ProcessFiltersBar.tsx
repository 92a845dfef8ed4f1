import {
  DEADLINE_FILTER_LABELS,
  DEADLINE_FILTERS,
  PROCESS_STATUSES,
  type DeadlineFilter,
  type ProcessListSort,
  type ProcessPeriod,
} from '@contracts';
import { useEffect, useState } from 'react';
import { Select, type SelectOption } from '@/ui/Select';
import { TextField } from '@/ui/TextField';
import type { ProcessFilters } from '../utils/list-filters';
import { statusLabel } from '../utils/process-status';

const SEARCH_DEBOUNCE_MS = 300;
const ALL = '__all__';

const STATUS_OPTIONS: SelectOption[] = [
  { id: ALL, label: 'Todos os status' },
  ...PROCESS_STATUSES.map((status) => ({ id: status, label: statusLabel(status) })),
];
const PERIOD_OPTIONS: { id: ProcessPeriod; label: string }[] = [
  { id: 'all', label: 'Todo o período' },
  { id: 'today', label: 'Hoje' },
  { id: 'week', label: 'Esta semana' },
  { id: 'month', label: 'Este mês' },
];

const DEADLINE_OPTIONS: SelectOption[] = [
  { id: ALL, label: 'Todos' },
  ...DEADLINE_FILTERS.map((filter) => ({ id: filter, label: DEADLINE_FILTER_LABELS[filter] })),
];
const SORT_OPTIONS: { id: ProcessListSort; label: string }[] = [
  { id: 'updated', label: 'Última atualização' },
  { id: 'deadline', label: 'Prazo' },
];

export interface ProcessFiltersBarProps {
  filters: ProcessFilters;
  onChange: (filters: ProcessFilters) => void;
  departments: readonly string[];
  showDepartment: boolean;
}

/** Free text (debounced), status, department (admins), period, deadline (docs/deadlines.md#filters) and sort. */
export function ProcessFiltersBar({ filters, onChange, departments, showDepartment }: ProcessFiltersBarProps) {
  const [text, setText] = useState(filters.q);
  useEffect(() => setText(filters.q), [filters.q]);
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  return (
    <div className="process-filters" role="search">
      <TextField
        label="Buscar"
        type="search"
        placeholder="Assunto, protocolo ou departamento"
        value={text}
        onChange={setText}
        className="process-filters__search"
      />
      <Select
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status || ALL}
        onChange={(value) => onChange({ ...filters, status: value === ALL ? '' : value })}
      />
      {showDepartment && (
        <Select
          label="Departamento"
          options={[
            { id: ALL, label: 'Todos os departamentos' },
            ...departments.map((name) => ({ id: name, label: name })),
          ]}
          value={filters.department || ALL}
          onChange={(value) => onChange({ ...filters, department: value === ALL ? '' : value })}
        />
      )}
      <Select
        label="Período"
        options={PERIOD_OPTIONS}
        value={filters.period}
        onChange={(value) => onChange({ ...filters, period: value as ProcessPeriod })}
      />
      <Select
        label="Prazo"
        options={DEADLINE_OPTIONS}
        value={filters.deadline || ALL}
        onChange={(value) => onChange({ ...filters, deadline: value === ALL ? '' : (value as DeadlineFilter) })}
      />
      <Select
        label="Ordenar por"
        options={SORT_OPTIONS}
        value={filters.sort}
        onChange={(value) => onChange({ ...filters, sort: value as ProcessListSort })}
      />
    </div>
  );
}
