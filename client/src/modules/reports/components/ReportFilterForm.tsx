import {
  DEFAULT_DEPARTMENTS,
  mayPickReportUsers,
  parseContract,
  REPORT_MESSAGES,
  REPORT_TYPES,
  type ReportFilters,
  reportFiltersSchema,
  type ReportType,
  type UserView,
} from '@contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useDepartments } from '@/modules/departments/hooks/useDepartments';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';
import { Button } from '@/ui/Button';
import { DateField } from '@/ui/DateField';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Select, type SelectOption } from '@/ui/Select';
import { reportKeys } from '../api/report-keys';
import { reportsApi } from '../api/reports-api';
import { REPORT_TYPE_LABELS } from '../utils/report-labels';
import { UserPicker } from './UserPicker';

const ALL = '__all__';
const TYPE_OPTIONS: SelectOption[] = REPORT_TYPES.map((type) => ({ id: type, label: REPORT_TYPE_LABELS[type] }));

export interface ReportFilterFormProps {
  currentUser: UserView;
  type: ReportType;
  filters: ReportFilters;
  isGenerating: boolean;
  onTypeChange: (type: ReportType) => void;
  onFiltersChange: (filters: ReportFilters) => void;
  onSubmit: () => void;
}

/** The filter form on the left of /reports (docs/reports.md#screen). */
export function ReportFilterForm(props: ReportFilterFormProps) {
  const { currentUser, type, filters, isGenerating, onTypeChange, onFiltersChange, onSubmit } = props;
  const set = (patch: Partial<ReportFilters>) => {
    const next = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof ReportFilters)[]) if (!next[key]) delete next[key];
    onFiltersChange(next);
  };
  const departments = useDepartments();
  const departmentOptions: SelectOption[] = [
    { id: ALL, label: 'Todos' },
    ...(departments.data?.map((d) => d.name) ?? DEFAULT_DEPARTMENTS).map((name) => ({ id: name, label: name })),
  ];
  const mayPick = mayPickReportUsers(currentUser);
  const lookups = useUserLookups(type === 'users' && mayPick);
  const users = mayPick
    ? lookups.users
    : [
        {
          _id: currentUser.id,
          name: currentUser.name,
          department: currentUser.department,
          email: currentUser.email,
          phone: null,
        },
      ];
  const requesters = useQuery({
    queryKey: reportKeys.requesters(),
    queryFn: ({ signal }) => reportsApi.uniqueRequesters(signal),
    enabled: type === 'requesters',
  });
  // The server's own check of the filters (a final date before the initial one, docs/reports.md#screen).
  const checked = parseContract(reportFiltersSchema, filters);
  const problem = checked.ok ? undefined : checked.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) onSubmit();
  };

  return (
    <form className="card report-filters" onSubmit={submit} aria-label="Filtros do relatório">
      <Select
        label="Tipo de Relatório"
        options={TYPE_OPTIONS}
        value={type}
        onChange={(value) => onTypeChange(value as ReportType)}
      />
      <DateField
        label="Data inicial"
        value={filters.startDate ?? null}
        onChange={(v) => set({ startDate: v ?? undefined })}
      />
      <DateField
        label="Data final"
        value={filters.endDate ?? null}
        minValue={filters.startDate}
        onChange={(v) => set({ endDate: v ?? undefined })}
      />
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <Select
        label="Departamento"
        options={departmentOptions}
        value={filters.department ?? ALL}
        onChange={(value) => set({ department: value === ALL ? undefined : value })}
      />
      {departments.isError && <p className="muted">{REPORT_MESSAGES.departmentsLoadFailed}</p>}
      {type === 'users' && (
        <>
          <UserPicker
            users={users}
            value={filters.userId ?? null}
            onChange={(userId) => set({ userId: userId ?? undefined })}
            isDisabled={lookups.loading}
          />
          {!mayPick && <p className="muted report-filters__hint">{REPORT_MESSAGES.usersLimited}</p>}
          {lookups.error && <ErrorBanner message={REPORT_MESSAGES.usersLoadFailed} onRetry={lookups.retry} />}
        </>
      )}
      {type === 'requesters' && (
        <>
          <Select
            label="Solicitante"
            placeholder="Todos os solicitantes"
            options={[
              { id: ALL, label: 'Todos os solicitantes' },
              ...(requesters.data ?? []).map((r) => ({
                id: r.id,
                label: `${r.name}${r.isExternal ? ' (Externo)' : ''}`,
              })),
            ]}
            value={filters.requesterId ?? null}
            onChange={(value) => set({ requesterId: value === ALL ? undefined : value })}
            isDisabled={requesters.isPending}
          />
          {requesters.isError && (
            <ErrorBanner message={REPORT_MESSAGES.requestersLoadFailed} onRetry={() => void requesters.refetch()} />
          )}
        </>
      )}
      <Button type="submit" variant="primary" isDisabled={isGenerating || !!problem}>
        {isGenerating ? 'Gerando...' : 'Gerar Relatório'}
      </Button>
    </form>
  );
}
