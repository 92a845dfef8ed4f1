import { Button } from './Button';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** e.g. '45 processos' */
  summary?: string;
}

/** Previous / next page with "Página N de M". Hidden when there is a single page. */
export function Pagination({ page, totalPages, onChange, summary }: PaginationProps) {
  if (totalPages <= 1) return summary ? <p className="pagination__summary">{summary}</p> : null;
  return (
    <nav className="pagination" aria-label="Paginação">
      {summary && <span className="pagination__summary">{summary}</span>}
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        Anterior
      </Button>
      <span className="pagination__status" aria-live="polite">
        Página {page} de {totalPages}
      </span>
      <Button variant="secondary" size="sm" isDisabled={page >= totalPages} onPress={() => onChange(page + 1)}>
        Próxima
      </Button>
    </nav>
  );
}
