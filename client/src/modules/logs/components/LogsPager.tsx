import { formatNumber } from '@/lib/format';
import { Button } from '@/ui/Button';

export interface LogsPagerProps {
  page: number;
  totalPages: number;
  shown: number;
  totalItems: number;
  /** False: totalItems (and so the last page) is the planner's estimate (docs/audit.md#filters). */
  totalExact: boolean;
  onChange: (page: number) => void;
}

/**
 * 'Mostrando N de total registros' and first / previous / next / last with 'Página X de Y'
 * (docs/audit.md#logs-screen); an estimated total reads 'cerca de'.
 */
export function LogsPager({ page, totalPages, shown, totalItems, totalExact, onChange }: LogsPagerProps) {
  const last = Math.max(totalPages, 1);
  const about = totalExact ? '' : 'cerca de ';
  return (
    <nav className="pagination log-pager" aria-label="Paginação">
      <span className="pagination__summary">
        Mostrando {formatNumber(shown)} de {about}
        {formatNumber(totalItems)} registros
      </span>
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onChange(1)}>
        Primeira
      </Button>
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        Anterior
      </Button>
      <span className="pagination__status" aria-live="polite">
        Página {formatNumber(page)} de {about}
        {formatNumber(last)}
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
