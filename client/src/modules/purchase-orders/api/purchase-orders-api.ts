import type {
  CreateMaterialItemRequest,
  CreatePurchaseOrderRequest,
  MaterialItemListResponse,
  MaterialItemMutationResponse,
  PurchaseOrderListFilters,
  PurchaseOrderListResponse,
  PurchaseOrderMutationResponse,
  PurchaseOrderStatsResponse,
  PurchaseOrderView,
  UpdatePurchaseOrderStatusRequest,
} from '@contracts';
import { http } from '@/lib/http';

const orderPath = (id: string) => `/purchase-orders/${encodeURIComponent(id)}`;

/** docs/purchase-orders.md#api "Purchase orders and materials". */
export const purchaseOrdersApi = {
  list: (filters: PurchaseOrderListFilters, signal?: AbortSignal) =>
    http.get<PurchaseOrderListResponse>('/purchase-orders', { query: { ...filters }, signal }),
  stats: (signal?: AbortSignal) => http.get<PurchaseOrderStatsResponse>('/purchase-orders/stats', { signal }),
  details: (id: string, signal?: AbortSignal) => http.get<PurchaseOrderView>(orderPath(id), { signal }),
  create: (body: CreatePurchaseOrderRequest) => http.post<PurchaseOrderMutationResponse>('/purchase-orders', body),
  changeStatus: (id: string, body: UpdatePurchaseOrderStatusRequest) =>
    http.patch<PurchaseOrderMutationResponse>(`${orderPath(id)}/status`, body),
  pdf: (id: string) => http.blob(`${orderPath(id)}/pdf`),
  materials: (signal?: AbortSignal) =>
    http.get<MaterialItemListResponse>('/material-items', { query: { isActive: true }, signal }),
  createMaterial: (body: CreateMaterialItemRequest) => http.post<MaterialItemMutationResponse>('/material-items', body),
};
