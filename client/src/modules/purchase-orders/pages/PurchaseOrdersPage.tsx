import type { PurchaseOrderListFilters } from '@contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatNumber } from '@/lib/format';
import { Button } from '@/ui/Button';
import { PageHeader } from '@/ui/PageHeader';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { CreateMaterialModal } from '../components/CreateMaterialModal';
import { CreatePurchaseOrderModal } from '../components/CreatePurchaseOrderModal';
import { PurchaseOrderDetailsModal } from '../components/PurchaseOrderDetailsModal';
import { PurchaseOrderFilters } from '../components/PurchaseOrderFilters';
import { PurchaseOrderStatsCards } from '../components/PurchaseOrderStatsCards';
import { PurchaseOrderTable } from '../components/PurchaseOrderTable';
import { useMaterialItems, usePurchaseOrderList, usePurchaseOrderStats } from '../hooks/usePurchaseOrderData';
import { isPurchaseReviewer } from '../utils/order-labels';
import '../purchase-orders.css';

/**
 * Pedidos de Materiais (docs/purchase-orders.md#screen). `?order=<id>` (notification links) opens that order. Lists,
 * stats and details reload on `purchase-order:updated` (app/LiveQueryInvalidation).
 */
export default function PurchaseOrdersPage() {
  const user = useAtomValue(currentUserAtom);
  const [, navigate] = useLocation();
  const openId = new URLSearchParams(useSearch()).get('order');
  const [filters, setFilters] = useState<PurchaseOrderListFilters>({});
  const [creating, setCreating] = useState(false);
  const [creatingMaterial, setCreatingMaterial] = useState(false);
  const badRange = !!filters.startDate && !!filters.endDate && filters.endDate < filters.startDate;
  const list = usePurchaseOrderList(filters, !badRange);
  const stats = usePurchaseOrderStats();
  const materials = useMaterialItems();
  const reviewer = isPurchaseReviewer(user);
  const orders = list.data?.data ?? [];

  return (
    <div className="po-page">
      <PageHeader
        title="Pedidos de Materiais"
        subtitle="Solicitação de materiais pelos departamentos e análise pelo setor de Pedidos"
        actions={
          <>
            {reviewer && (
              <Button variant="secondary" onPress={() => setCreatingMaterial(true)}>
                Novo Material
              </Button>
            )}
            <Button onPress={() => setCreating(true)}>Novo Pedido</Button>
          </>
        }
      />
      <PurchaseOrderStatsCards stats={stats} />
      <PurchaseOrderFilters filters={filters} onChange={setFilters} />
      <PurchaseOrderTable
        orders={orders}
        isLoading={list.isPending && !badRange}
        onOpen={(order) => navigate(`/purchase-orders?order=${encodeURIComponent(order.id)}`)}
      />
      {list.data && list.data.total > orders.length && (
        <p className="po-muted" role="status">
          Mostrando os {formatNumber(orders.length)} pedidos mais recentes de {formatNumber(list.data.total)}. Use os
          filtros para encontrar os demais.
        </p>
      )}
      <CreatePurchaseOrderModal isOpen={creating} onClose={() => setCreating(false)} materials={materials} />
      {reviewer && <CreateMaterialModal isOpen={creatingMaterial} onClose={() => setCreatingMaterial(false)} />}
      <PurchaseOrderDetailsModal orderId={openId} onClose={() => navigate('/purchase-orders', { replace: true })} />
    </div>
  );
}
