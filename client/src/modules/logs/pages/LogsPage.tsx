import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { errorMessage } from '@/lib/http';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { logKeys } from '../api/log-keys';
import { logsApi } from '../api/logs-api';
import { ExportProgress } from '../components/ExportProgress';
import { LogDetailsModal } from '../components/LogDetailsModal';
import { type LogFilters, LogFiltersPanel } from '../components/LogFiltersPanel';
import { LogsPager } from '../components/LogsPager';
import { LogStatsModal } from '../components/LogStatsModal';
import { LogsTable } from '../components/LogsTable';
import { EXPORT_FAILED, useLogExport } from '../hooks/useLogExport';
import { DEFAULT_LOG_FILTERS, logFilterQuery, logListQuery } from '../utils/log-filters';
import '@/styles/logs.css';

const LOAD_FAILED = 'Falha ao carregar logs. Por favor, tente novamente.';

/** Logs do Sistema (docs/audit.md#logs-screen): administrators only; anyone else goes to the dashboard. */
export default function LogsPage() {
  const me = useAtomValue(currentUserAtom);
  if (me?.role !== 'admin') return <Redirect to="/dashboard" replace />;
  return <LogsScreen />;
}

function LogsScreen() {
  const [draft, setDraft] = useState<LogFilters>(DEFAULT_LOG_FILTERS);
  const [applied, setApplied] = useState<LogFilters>(DEFAULT_LOG_FILTERS);
  const [page, setPage] = useState(1);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const exporter = useLogExport();

  const query = useMemo(() => logListQuery(applied, page), [applied, page]);
  const list = useQuery({
    queryKey: logKeys.list(query),
    queryFn: ({ signal }) => logsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  // The server clamps the page: follow it so the pager and the next request agree.
  useEffect(() => {
    if (data && data.page !== page) setPage(data.page);
  }, [data, page]);

  const statsRange = useMemo(() => {
    const { startDate, endDate } = logFilterQuery(applied);
    return { startDate, endDate };
  }, [applied]);

  useDownloadFromLink();

  return (
    <div className="page logs-page">
      <PageHeader title="Logs do Sistema" subtitle="Auditoria das ações realizadas no sistema" />
      <LogFiltersPanel
        value={draft}
        onChange={setDraft}
        onSearch={() => {
          setApplied(draft);
          setPage(1);
        }}
        onClear={() => {
          setDraft(DEFAULT_LOG_FILTERS);
          setApplied(DEFAULT_LOG_FILTERS);
          setPage(1);
        }}
        onStats={() => setStatsOpen(true)}
        onExport={() => void exporter.start(logFilterQuery(draft))}
        isExporting={exporter.state.phase === 'running'}
      />
      {exporter.state.phase === 'running' && (
        <ExportProgress processed={exporter.state.processed} total={exporter.state.total} />
      )}
      {exporter.state.phase === 'error' && (
        <ErrorBanner message={exporter.state.message || EXPORT_FAILED} onDismiss={exporter.dismissError} />
      )}
      {list.isError && (
        <ErrorBanner message={errorMessage(list.error, LOAD_FAILED)} onRetry={() => void list.refetch()} />
      )}
      <LogsTable
        logs={data?.logs ?? []}
        isLoading={list.isFetching && !list.isError}
        onDetails={(log) => setDetailId(log._id)}
      />
      {data && data.totalItems > 0 && (
        <LogsPager
          page={data.page}
          totalPages={data.totalPages}
          shown={data.logs.length}
          totalItems={data.totalItems}
          totalExact={data.totalExact}
          onChange={setPage}
        />
      )}
      <LogDetailsModal logId={detailId} onClose={() => setDetailId(null)} />
      <LogStatsModal isOpen={statsOpen} onClose={() => setStatsOpen(false)} range={statsRange} />
    </div>
  );
}

/** The 'export ready' notification links to /logs?download={id}: download it with the session's token. */
function useDownloadFromLink() {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    const id = new URLSearchParams(search).get('download');
    if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return;
    navigate('/logs', { replace: true });
    void logsApi.download(`/logs/export/${id}/download`).catch((error: unknown) => {
      window.alert(errorMessage(error, EXPORT_FAILED));
    });
  }, [search, navigate]);
}
