import type { PurchaseOrderListFilters } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/ui/toast';
import { purchaseOrdersApi } from '../api/purchase-orders-api';
import { materialItemKeys, purchaseOrderKeys } from '../api/purchase-order-keys';

// docs/purchase-orders.md#validation.
const LIST_FAILED = 'Erro ao carregar pedidos de compra';
const REFRESH_FAILED = 'Erro ao atualizar dados';

/**
 * The orders matching the filters (not asked while the filters are contradictory). A failed first
 * load and a failed refresh toast differently.
 */
export function usePurchaseOrderList(filters: PurchaseOrderListFilters, enabled: boolean) {
  const query = useQuery({
    queryKey: purchaseOrderKeys.list(filters),
    queryFn: ({ signal }) => purchaseOrdersApi.list(filters, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
  const reported = useRef(0);
  useEffect(() => {
    if (!query.isError || query.errorUpdatedAt === reported.current) return;
    reported.current = query.errorUpdatedAt;
    toast.error(query.data ? REFRESH_FAILED : LIST_FAILED);
  }, [query.isError, query.errorUpdatedAt, query.data]);
  return query;
}

/** Stats and materials: a failure is only logged (docs/purchase-orders.md#validation). */
export function usePurchaseOrderStats() {
  const query = useQuery({
    queryKey: purchaseOrderKeys.stats(),
    queryFn: ({ signal }) => purchaseOrdersApi.stats(signal),
  });
  useEffect(() => {
    if (query.error) console.error('Falha ao carregar estatísticas de pedidos', query.error);
  }, [query.error]);
  return query.data ?? null;
}

export function useMaterialItems() {
  const query = useQuery({
    queryKey: materialItemKeys.all,
    queryFn: async ({ signal }) => (await purchaseOrdersApi.materials(signal)).data,
  });
  useEffect(() => {
    if (query.error) console.error('Falha ao carregar materiais', query.error);
  }, [query.error]);
  return query.data ?? [];
}
