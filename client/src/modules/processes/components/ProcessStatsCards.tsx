import type { ProcessStats } from '@contracts';
import { formatNumber } from '@/lib/format';
import { StatCards, type StatTone } from '@/ui/StatCards';

const CARDS: { key: keyof ProcessStats; title: string; tone: StatTone }[] = [
  { key: 'total', title: 'Total de Processos', tone: 'primary' },
  { key: 'pendente', title: 'Pendentes', tone: 'warning' },
  { key: 'emAndamento', title: 'Em Andamento', tone: 'info' },
  { key: 'concluido', title: 'Concluídos', tone: 'success' },
];

/** The four stat cards of /processes (counts over everything the user may see). */
export function ProcessStatsCards({ stats }: { stats: ProcessStats | null }) {
  return (
    <StatCards
      label="Resumo dos processos"
      cards={CARDS.map((card) => ({ ...card, value: stats ? formatNumber(stats[card.key]) : null }))}
    />
  );
}
