import { PROCESS_LIST_MAX_LIMIT, type ProcessSummary } from '@contracts';
import { downloadBlob } from '@/lib/download';
import { toListQuery, type ProcessFilters } from '../utils/list-filters';
import { buildProcessesCsv, processesCsvFileName } from '../utils/processes-csv';
import { processesApi } from './processes-api';

/** Every process the filters match, page after page (the export is not limited to the visible page). */
export async function fetchAllMatching(filters: ProcessFilters, isAdmin: boolean): Promise<ProcessSummary[]> {
  const all: ProcessSummary[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await processesApi.list(toListQuery(filters, isAdmin, page, PROCESS_LIST_MAX_LIMIT));
    all.push(...data.processes);
    // Past the count cap the total is a lower bound: go on while pages come full (docs/processes.md#list-counts).
    const last = data.totalIsLowerBound ? data.processes.length < data.limit : page >= data.totalPages;
    if (last || data.processes.length === 0) return all;
  }
}

/** Downloads processos-YYYY-MM-DD.csv with the filtered list. */
export async function exportProcessesCsv(filters: ProcessFilters, isAdmin: boolean): Promise<number> {
  const processes = await fetchAllMatching(filters, isAdmin);
  downloadBlob(
    new Blob([buildProcessesCsv(processes)], { type: 'text/csv;charset=utf-8' }),
    processesCsvFileName(new Date()),
  );
  return processes.length;
}
