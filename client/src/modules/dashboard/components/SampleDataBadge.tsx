import { Badge } from '@/ui/Badge';

/** Marks a chart that shows sample data because no process exists yet (docs/dashboard.md#screen). */
export function SampleDataBadge() {
  return (
    <Badge
      tone="warning"
      className="dashboard-sample"
      title="Ainda não há processos: o gráfico mostra dados fictícios."
    >
      Dados de exemplo
    </Badge>
  );
}
