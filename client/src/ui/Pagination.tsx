import { formatNumber } from '@/lib/format';
import { Button } from './Button';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** e.g. '45 processos' */
  summary?: string;
  /**
   * The server stopped counting (its `totalIsLowerBound`, docs/processes.md#list-counts): more pages
   * than totalPages may follow, and 'Próxima' stays on while the current page came full.
   */
  openEnded?: { pageIsFull: boolean };
}

/** Previous / next page with "Página N de M". Hidden when there is a single page. */
export function Pagination({ page, totalPages, onChange, summary, openEnded }: PaginationProps) {
  if (totalPages <= 1 && !openEnded) return summary ? <p className="pagination__summary">{summary}</p> : null;
  const hasNext = openEnded ? openEnded.pageIsFull : page < totalPages;
  let status = `Página ${formatNumber(page)} de ${formatNumber(totalPages)}`;
  if (openEnded) status = page < totalPages ? `${status} ou mais` : `Página ${formatNumber(page)}`;
  return (
    <nav className="pagination" aria-label="Paginação">
      {summary && <span className="pagination__summary">{summary}</span>}
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        Anterior
      </Button>
      <span className="pagination__status" aria-live="polite">
        {status}
      </span>
      <Button variant="secondary" size="sm" isDisabled={!hasNext} onPress={() => onChange(page + 1)}>
        Próxima
      </Button>
    </nav>
  );
}
