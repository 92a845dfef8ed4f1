import type { ReportCount, ReportRecentProcess } from '@contracts';
import { Link } from 'wouter';
import { formatDate, formatNumber } from '@/lib/format';
import { StatusBadge } from '@/modules/processes/components/StatusBadge';
import { Table, type TableColumn } from '@/ui/Table';
import { NO_DEPARTMENT } from '../utils/report-labels';

export const EMPTY_TABLE_TEXT = 'Nenhum dado no período.';

const DEPARTMENT_COLUMNS: TableColumn<ReportCount>[] = [
  { id: 'department', header: 'Departamento', cell: (r) => r.department || NO_DEPARTMENT, isRowHeader: true },
  { id: 'count', header: 'Quantidade', cell: (r) => formatNumber(r.count), align: 'end', width: '9rem' },
];

export function DepartmentTable({ rows, label }: { rows: ReportCount[]; label: string }) {
  return (
    <Table
      label={label}
      columns={DEPARTMENT_COLUMNS}
      rows={rows}
      rowKey={(r) => r.department}
      emptyText={EMPTY_TABLE_TEXT}
    />
  );
}

const RECENT_COLUMNS: TableColumn<ReportRecentProcess>[] = [
  {
    id: 'id',
    header: 'Número',
    cell: (p) => <Link href={`/process-details/${encodeURIComponent(p.id)}`}>{p.id}</Link>,
    isRowHeader: true,
  },
  { id: 'subject', header: 'Assunto', cell: (p) => p.subject },
  { id: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  { id: 'department', header: 'Departamento', cell: (p) => p.department || NO_DEPARTMENT },
  { id: 'date', header: 'Data', cell: (p) => formatDate(p.date), width: '8rem' },
];

export function RecentProcessesTable({ rows }: { rows: ReportRecentProcess[] }) {
  return (
    <Table
      label="Processos recentes"
      columns={RECENT_COLUMNS}
      rows={rows}
      rowKey={(p) => p.id}
      emptyText="Nenhum processo no período."
    />
  );
}
