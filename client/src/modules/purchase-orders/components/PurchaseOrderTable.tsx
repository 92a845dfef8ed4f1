import type { PurchaseOrderSummary } from '@contracts';
import { formatCurrency, formatDate, formatNumber } from '@/lib/format';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { Table, type TableColumn } from '@/ui/Table';
import { priorityLabel, priorityTone, statusLabel, statusTone } from '../utils/order-labels';

const COLUMNS: readonly TableColumn<PurchaseOrderSummary>[] = [
  {
    id: 'number',
    header: 'Número',
    cell: (o) => <span className="po-number">{o.orderNumber}</span>,
    isRowHeader: true,
  },
  { id: 'department', header: 'Departamento', cell: (o) => o.department },
  { id: 'requester', header: 'Solicitante', cell: (o) => o.requestedBy.name },
  {
    id: 'status',
    header: 'Status',
    cell: (o) => <Badge tone={statusTone(o.status)}>{statusLabel(o.status)}</Badge>,
  },
  {
    id: 'priority',
    header: 'Prioridade',
    cell: (o) => <Badge tone={priorityTone(o.priority)}>{priorityLabel(o.priority)}</Badge>,
  },
  { id: 'items', header: 'Itens', cell: (o) => formatNumber(o.itemCount), align: 'end', width: '5rem' },
  { id: 'value', header: 'Valor Estimado', cell: (o) => formatCurrency(o.estimatedTotal), align: 'end' },
  { id: 'date', header: 'Data', cell: (o) => formatDate(o.createdAt) },
];

export interface PurchaseOrderTableProps {
  orders: PurchaseOrderSummary[];
  isLoading: boolean;
  onOpen: (order: PurchaseOrderSummary) => void;
}

/** Number, department, requester, status, priority, items, value, date and actions (docs/purchase-orders.md#screen). */
export function PurchaseOrderTable({ orders, isLoading, onOpen }: PurchaseOrderTableProps) {
  return (
    <div className="card">
      <Table
        label="Pedidos de materiais"
        className="po-orders"
        columns={COLUMNS}
        rows={orders}
        rowKey={(order) => order.id}
        isLoading={isLoading}
        loadingLabel="Carregando pedidos..."
        emptyText="Nenhum pedido encontrado."
        rowActions={(order) => (
          <Button
            variant="ghost"
            size="sm"
            onPress={() => onOpen(order)}
            aria-label={`Ver detalhes do pedido ${order.orderNumber}`}
          >
            Detalhes
          </Button>
        )}
      />
    </div>
  );
}
