import type { PurchaseOrderStatsResponse } from '@contracts';
import { formatCurrency, formatNumber } from '@/lib/format';
import { StatCards, type StatTone } from '@/ui/StatCards';

const CARDS: { title: string; tone: StatTone; value: (s: PurchaseOrderStatsResponse) => string }[] = [
  { title: 'Total de Pedidos', tone: 'primary', value: (s) => formatNumber(s.totalOrders) },
  { title: 'Pendentes', tone: 'warning', value: (s) => formatNumber(s.statusStats.pending) },
  { title: 'Aprovados', tone: 'success', value: (s) => formatNumber(s.statusStats.approved) },
  { title: 'Valor Estimado', tone: 'info', value: (s) => formatCurrency(s.totalEstimated) },
];

/** The four stat cards of /purchase-orders (docs/purchase-orders.md#screen), over the orders the user sees. */
export function PurchaseOrderStatsCards({ stats }: { stats: PurchaseOrderStatsResponse | null }) {
  return (
    <StatCards
      label="Resumo dos pedidos"
      cards={CARDS.map((card) => ({ title: card.title, tone: card.tone, value: stats ? card.value(stats) : null }))}
    />
  );
}
