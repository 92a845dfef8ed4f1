import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  AUDIT_MESSAGES,
  AUDIT_STATUS_LABELS,
  AUDIT_STATUSES,
  type AuditSortField,
} from '@contracts';
import { Button } from '@/ui/Button';
import { DateField } from '@/ui/DateField';
import { Select, type SelectOption } from '@/ui/Select';
import { TextField } from '@/ui/TextField';
import { useDepartmentNames } from '@/modules/departments/hooks/useDepartments';
import { endBeforeStart, type LogFilterForm } from '../utils/log-filters';

export type LogFilters = LogFilterForm;

const ANY = '__todos__';
const withAny = (label: string, options: SelectOption[]): SelectOption[] => [{ id: ANY, label }, ...options];
const fromSelect = <T extends string>(value: string) => (value === ANY ? '' : (value as T));

const SORT_OPTIONS: { id: AuditSortField; label: string }[] = [
  { id: 'createdAt', label: 'Data' },
  { id: 'action', label: 'Ação' },
  { id: 'entityType', label: 'Tipo de Entidade' },
  { id: 'status', label: 'Status' },
  { id: 'username', label: 'Usuário' },
];

export interface LogFiltersPanelProps {
  value: LogFilters;
  onChange: (value: LogFilters) => void;
  onSearch: () => void;
  onClear: () => void;
  onStats: () => void;
  onExport: () => void;
  isExporting: boolean;
}

/** Filter panel of the logs screen (docs/audit.md#logs-screen) with its four buttons. */
export function LogFiltersPanel({
  value,
  onChange,
  onSearch,
  onClear,
  onStats,
  onExport,
  isExporting,
}: LogFiltersPanelProps) {
  const departments = useDepartmentNames();
  const set = <K extends keyof LogFilters>(key: K, next: LogFilters[K]) => onChange({ ...value, [key]: next });
  const invalidRange = endBeforeStart(value);

  return (
    <form
      className="card log-filters"
      aria-label="Filtros"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalidRange) onSearch();
      }}
    >
      <div className="log-filters__grid">
        <DateField label="Período de" value={value.startDate} onChange={(d) => set('startDate', d)} />
        <DateField
          label="Até"
          value={value.endDate}
          minValue={value.startDate}
          onChange={(d) => set('endDate', d)}
          errorMessage={invalidRange ? AUDIT_MESSAGES.range : undefined}
        />
        <Select
          label="Ação"
          value={value.action || ANY}
          options={withAny(
            'Todas',
            AUDIT_ACTIONS.map((id) => ({ id, label: AUDIT_ACTION_LABELS[id] })),
          )}
          onChange={(v) => set('action', fromSelect(v))}
        />
        <Select
          label="Tipo de Entidade"
          value={value.entityType || ANY}
          options={withAny(
            'Todos',
            AUDIT_ENTITY_TYPES.map((id) => ({ id, label: AUDIT_ENTITY_LABELS[id] })),
          )}
          onChange={(v) => set('entityType', fromSelect(v))}
        />
        <TextField label="ID da Entidade" value={value.entityId} onChange={(v) => set('entityId', v)} />
        <TextField label="Nome de Usuário" value={value.username} onChange={(v) => set('username', v)} />
        <Select
          label="Departamento"
          value={value.userDepartment || ANY}
          options={withAny(
            'Todos',
            departments.map((name) => ({ id: name, label: name })),
          )}
          onChange={(v) => set('userDepartment', fromSelect(v))}
        />
        <Select
          label="Status"
          value={value.status || ANY}
          options={withAny(
            'Todos',
            AUDIT_STATUSES.map((id) => ({ id, label: AUDIT_STATUS_LABELS[id] })),
          )}
          onChange={(v) => set('status', fromSelect(v))}
        />
        <Select
          label="Ordenar por"
          value={value.sortBy}
          options={SORT_OPTIONS}
          onChange={(v) => set('sortBy', v as AuditSortField)}
        />
        <Select
          label="Ordem"
          value={value.sortOrder}
          options={[
            { id: '-1', label: 'Decrescente' },
            { id: '1', label: 'Crescente' },
          ]}
          onChange={(v) => set('sortOrder', v === '1' ? '1' : '-1')}
        />
      </div>
      <div className="log-filters__actions">
        <Button type="submit" isDisabled={invalidRange}>
          Buscar
        </Button>
        <Button variant="secondary" onPress={onClear}>
          Limpar Filtros
        </Button>
        <Button variant="secondary" onPress={onStats}>
          Estatísticas
        </Button>
        <Button variant="secondary" onPress={onExport} isDisabled={isExporting || invalidRange}>
          Exportar CSV
        </Button>
      </div>
    </form>
  );
}
