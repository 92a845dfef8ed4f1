import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatCount } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { Icon } from '@/ui/Icon';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Pagination } from '@/ui/Pagination';
import { toast } from '@/ui/toast';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { exportProcessesCsv } from '../api/export-processes';
import { CreateProcessModal } from '../components/CreateProcessModal';
import { ProcessFiltersBar } from '../components/ProcessFiltersBar';
import { ProcessStatsCards } from '../components/ProcessStatsCards';
import { ProcessTable } from '../components/ProcessTable';
import { useDepartmentNames } from '@/modules/departments/hooks/useDepartments';
import { useProcessCache } from '../hooks/useProcess';
import { useProcessList, useProcessStats, useReloadProcesses } from '../hooks/useProcessList';
import { filtersFromSearch, hasActiveFilters, searchFromFilters, type ProcessFilters } from '../utils/list-filters';
import { asksForNewProcess } from '../utils/routes';
import '../processes.css';

const EMPTY_NOTHING = 'Nenhum processo cadastrado ainda. Clique em "Novo Processo" para começar.';
const EMPTY_FILTERED = 'Nenhum processo encontrado com os filtros aplicados.';

/** /processes 'Gerenciamento de Processos'. */
export default function ProcessesPage() {
  const user = useAtomValue(currentUserAtom);
  const isAdmin = user?.role === 'admin';
  const search = useSearch();
  // The filters live in the URL (?deadline=overdue opens filtered: the dashboard's 'Prazos' card).
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const [page, setPage] = useState(1);
  const [, navigate] = useLocation();
  // /new-process (the dashboard's 'Novo Processo') arrives with ?novo=1: the creation form opens.
  const [creating, setCreating] = useState(() => asksForNewProcess(search));
  const [exporting, setExporting] = useState(false);
  const departments = useDepartmentNames();
  const list = useProcessList(filters, isAdmin, page);
  const stats = useProcessStats();
  const reload = useReloadProcesses();
  const storeProcess = useProcessCache();

  // The header search and the dashboard links navigate here with ?q=, ?status=concluido, ?aging=true,
  // ?deadline=overdue; a changed filter writes the URL too. Either way the list starts again at page 1.
  const [appliedSearch, setAppliedSearch] = useState(search);
  if (search !== appliedSearch) {
    setAppliedSearch(search);
    if (asksForNewProcess(search)) setCreating(true);
    setPage(1);
  }

  const changeFilters = useCallback(
    (next: ProcessFilters) => {
      const query = searchFromFilters(next);
      navigate(query ? `/processes?${query}` : '/processes', { replace: true });
    },
    [navigate],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const count = await exportProcessesCsv(filters, isAdmin);
      toast.success(`${count} processo${count === 1 ? '' : 's'} exportado${count === 1 ? '' : 's'}.`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Erro ao exportar processos.'));
    } finally {
      setExporting(false);
    }
  };

  const processes = list.page?.processes ?? [];
  const nothingExists = !hasActiveFilters(filters) && list.page?.total === 0;

  return (
    <div className="processes-page">
      <PageHeader
        title="Gerenciamento de Processos"
        actions={
          <>
            <Button variant="secondary" onPress={reload} isDisabled={list.loading}>
              <Icon name="refresh" size={16} /> Atualizar
            </Button>
            <Button variant="secondary" onPress={() => void exportCsv()} isPending={exporting}>
              Exportar
            </Button>
            <Button variant="secondary" onPress={() => window.print()}>
              Imprimir
            </Button>
            <Button onPress={() => setCreating(true)}>
              <Icon name="plus" size={16} /> Novo Processo
            </Button>
          </>
        }
      />
      {list.error && <ErrorBanner message={list.error} onDismiss={list.dismissError} />}
      <ProcessStatsCards stats={stats} />
      <ProcessFiltersBar
        filters={filters}
        onChange={changeFilters}
        departments={departments}
        showDepartment={isAdmin}
      />
      {filters.aging && (
        <p className="process-filters__chip">
          Processos sem atualização há 30 dias ou mais
          <Button variant="ghost" size="sm" onPress={() => changeFilters({ ...filters, aging: false })}>
            Remover filtro
          </Button>
        </p>
      )}
      <section className="processes-page__list" aria-busy={list.loading}>
        {(list.loading || list.page) && (
          <ProcessTable
            processes={processes}
            isLoading={list.loading && !list.page}
            emptyText={nothingExists ? EMPTY_NOTHING : EMPTY_FILTERED}
          />
        )}
        {processes.length > 0 && (
          <Pagination
            page={list.page?.page ?? page}
            totalPages={list.page?.totalPages ?? 1}
            onChange={setPage}
            summary={formatCount(list.page?.total ?? 0, !!list.page?.totalIsLowerBound, 'processo', 'processos')}
            openEnded={list.page?.totalIsLowerBound ? { pageIsFull: processes.length === list.page.limit } : undefined}
          />
        )}
      </section>
      <CreateProcessModal
        isOpen={creating}
        onOpenChange={(open) => {
          setCreating(open);
          // Closed, the form does not come back on a reload.
          if (!open && asksForNewProcess(search)) navigate('/processes', { replace: true });
        }}
        departments={departments}
        onCreated={storeProcess}
      />
    </div>
  );
}
