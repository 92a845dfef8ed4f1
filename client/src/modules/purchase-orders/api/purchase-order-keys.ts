import type { PurchaseOrderListFilters } from '@contracts';

/** TanStack Query keys of purchase orders: every key starts with `purchaseOrderKeys.all`. */
export const purchaseOrderKeys = {
  all: ['purchase-orders'] as const,
  lists: () => [...purchaseOrderKeys.all, 'list'] as const,
  list: (filters: PurchaseOrderListFilters) => [...purchaseOrderKeys.lists(), filters] as const,
  stats: () => [...purchaseOrderKeys.all, 'stats'] as const,
  detail: (id: string) => [...purchaseOrderKeys.all, 'detail', id] as const,
};

/** The material catalogue. */
export const materialItemKeys = {
  all: ['material-items'] as const,
};
