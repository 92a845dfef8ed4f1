import {
  PURCHASE_ORDER_PRIORITIES,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderListFilters,
  type PurchaseOrderPriority,
  type PurchaseOrderStatus,
} from '@contracts';
import { Button } from '@/ui/Button';
import { DateField } from '@/ui/DateField';
import { Select, type SelectOption } from '@/ui/Select';
import { priorityLabel, statusLabel } from '../utils/order-labels';

const ALL = '__all__';
const STATUS_OPTIONS: SelectOption[] = [
  { id: ALL, label: 'Todos os status' },
  ...PURCHASE_ORDER_STATUSES.map((status) => ({ id: status, label: statusLabel(status) })),
];
const PRIORITY_OPTIONS: SelectOption[] = [
  { id: ALL, label: 'Todas as prioridades' },
  ...PURCHASE_ORDER_PRIORITIES.map((priority) => ({ id: priority, label: priorityLabel(priority) })),
];

export interface PurchaseOrderFiltersProps {
  filters: PurchaseOrderListFilters;
  onChange: (filters: PurchaseOrderListFilters) => void;
}

/** Status, priority, start and end date (docs/purchase-orders.md#screen), and a button that clears them. */
export function PurchaseOrderFilters({ filters, onChange }: PurchaseOrderFiltersProps) {
  const set = (patch: Partial<PurchaseOrderListFilters>) => {
    const next = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof PurchaseOrderListFilters)[]) if (!next[key]) delete next[key];
    onChange(next);
  };
  const hasFilters = Object.keys(filters).length > 0;
  const badRange = !!filters.startDate && !!filters.endDate && filters.endDate < filters.startDate;
  return (
    <div className="po-filters" role="search">
      <Select
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status ?? ALL}
        onChange={(v) => set({ status: v === ALL ? undefined : (v as PurchaseOrderStatus) })}
      />
      <Select
        label="Prioridade"
        options={PRIORITY_OPTIONS}
        value={filters.priority ?? ALL}
        onChange={(v) => set({ priority: v === ALL ? undefined : (v as PurchaseOrderPriority) })}
      />
      <DateField
        label="Data inicial"
        value={filters.startDate ?? null}
        onChange={(v) => set({ startDate: v ?? undefined })}
      />
      <DateField
        label="Data final"
        value={filters.endDate ?? null}
        minValue={filters.startDate}
        onChange={(v) => set({ endDate: v ?? undefined })}
      />
      <Button variant="secondary" onPress={() => onChange({})} isDisabled={!hasFilters}>
        Limpar Filtros
      </Button>
      {badRange && (
        <p className="po-filters__warning" role="status">
          A data final não pode ser anterior à data inicial.
        </p>
      )}
    </div>
  );
}
