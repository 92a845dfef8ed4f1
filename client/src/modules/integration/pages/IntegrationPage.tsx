import { type DeadlineFilter, DEADLINE_FILTERS, LAI_STATE_FILTER_LABELS, type LaiRequest } from '@contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { formatDate } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { canSeeAdministration } from '@/modules/auth/permissions';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { ConfidentialBadge } from '@/modules/processes/components/ConfidentialBadge';
import { StatusBadge } from '@/modules/processes/components/StatusBadge';
import { processDetailsRoute } from '@/modules/processes/utils/routes';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Pagination } from '@/ui/Pagination';
import { Select } from '@/ui/Select';
import { Table, type TableColumn } from '@/ui/Table';
import { LaiDeadlineCell } from '../components/LaiDeadlineCell';
import { useLaiRequests } from '../hooks/useLaiRequests';
import '@/styles/lai.css';

const ALL = 'all';
const STATE_OPTIONS = [
  { id: ALL, label: 'Todos' },
  ...DEADLINE_FILTERS.map((state) => ({ id: state, label: LAI_STATE_FILTER_LABELS[state] })),
];

const COLUMNS: TableColumn<LaiRequest>[] = [
  {
    id: 'number',
    header: 'Número',
    width: '13rem',
    cell: (request) => <Link href={processDetailsRoute(request.id)}>{request.id}</Link>,
  },
  { id: 'requester', header: 'Requerente', cell: (request) => request.requester ?? '—' },
  {
    id: 'subject',
    header: 'Assunto',
    isRowHeader: true,
    cell: (request) => (
      <>
        {request.subject}
        {request.confidential && <ConfidentialBadge />}
      </>
    ),
  },
  { id: 'received', header: 'Recebido em', width: '8rem', cell: (request) => formatDate(request.receivedAt) },
  { id: 'due', header: 'Prazo', width: '12rem', cell: (request) => <LaiDeadlineCell deadline={request.deadline} /> },
  { id: 'status', header: 'Status', cell: (request) => <StatusBadge status={request.status} /> },
];

/**
 * e-SIC/LAI (docs/interface.md#integration): the access-to-information requests, by due day, for
 * admins and the Gabinete (the server refuses anyone else); others go to the dashboard.
 */
export default function IntegrationPage() {
  const me = useAtomValue(currentUserAtom);
  if (!canSeeAdministration(me)) return <Redirect to="/dashboard" replace />;
  return <LaiRequestsScreen />;
}

function LaiRequestsScreen() {
  const [state, setState] = useState<DeadlineFilter | null>(null);
  const [page, setPage] = useState(1);
  const { data, error, isPending, refetch } = useLaiRequests(state, page);
  const list = data?.data;
  const filtered = state !== null;

  return (
    <>
      <PageHeader
        title="e-SIC/LAI"
        subtitle="Pedidos de acesso à informação (Lei 12.527/2011): prazo de 20 dias, prorrogável uma vez por até 10 dias"
      />
      {error && (
        <ErrorBanner
          message={`Falha ao carregar os pedidos: ${errorMessage(error, 'Erro desconhecido')}`}
          onRetry={() => void refetch()}
        />
      )}
      <div className="card">
        <div className="lai-toolbar">
          <Select
            label="Situação do prazo"
            className="lai-toolbar__state"
            options={STATE_OPTIONS}
            value={state ?? ALL}
            onChange={(value) => {
              setState(value === ALL ? null : (value as DeadlineFilter));
              setPage(1);
            }}
          />
        </div>
        <Table
          label="Pedidos de acesso à informação"
          columns={COLUMNS}
          rows={list?.requests ?? []}
          rowKey={(request) => request.id}
          isLoading={isPending}
          loadingLabel="Carregando pedidos..."
          emptyText={
            filtered
              ? 'Nenhum pedido de acesso à informação nesta situação.'
              : 'Nenhum pedido de acesso à informação recebido.'
          }
        />
      </div>
      {list && (
        <Pagination
          page={list.page}
          totalPages={list.totalPages}
          onChange={setPage}
          summary={`${list.total} ${list.total === 1 ? 'pedido' : 'pedidos'}`}
        />
      )}
    </>
  );
}
