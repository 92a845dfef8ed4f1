import { formatNumber } from '@/lib/format';
import { Button } from '@/ui/Button';

export interface LogsPagerProps {
  page: number;
  totalPages: number;
  shown: number;
  totalItems: number;
  onChange: (page: number) => void;
}

/** 'Mostrando N de total registros' and first / previous / next / last with 'Página X de Y' (docs/audit.md#logs-screen). */
export function LogsPager({ page, totalPages, shown, totalItems, onChange }: LogsPagerProps) {
  const last = Math.max(totalPages, 1);
  return (
    <nav className="pagination log-pager" aria-label="Paginação">
      <span className="pagination__summary">
        Mostrando {formatNumber(shown)} de {formatNumber(totalItems)} registros
      </span>
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onChange(1)}>
        Primeira
      </Button>
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        Anterior
      </Button>
      <span className="pagination__status" aria-live="polite">
        Página {page} de {last}
      </span>
      <Button variant="secondary" size="sm" isDisabled={page >= last} onPress={() => onChange(page + 1)}>
        Próxima
      </Button>
      <Button variant="secondary" size="sm" isDisabled={page >= last} onPress={() => onChange(last)}>
        Última
      </Button>
    </nav>
  );
}
