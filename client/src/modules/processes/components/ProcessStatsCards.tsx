import type { ProcessStats } from '@contracts';
import { formatNumber } from '../../../lib/format';

const CARDS: { key: keyof ProcessStats; title: string; tone: string }[] = [
  { key: 'total', title: 'Total de Processos', tone: 'primary' },
  { key: 'pendente', title: 'Pendentes', tone: 'warning' },
  { key: 'emAndamento', title: 'Em Andamento', tone: 'info' },
  { key: 'concluido', title: 'Concluídos', tone: 'success' },
];

/** The four stat cards of /processes (counts over everything the user may see). */
export function ProcessStatsCards({ stats }: { stats: ProcessStats | null }) {
  return (
    <ul className="process-stats" aria-label="Resumo dos processos">
      {CARDS.map((card) => (
        <li key={card.key} className={`process-stats__card process-stats__card--${card.tone}`}>
          <span className="process-stats__title">{card.title}</span>
          <strong className="process-stats__value">{stats ? formatNumber(stats[card.key]) : '–'}</strong>
        </li>
      ))}
    </ul>
  );
}
