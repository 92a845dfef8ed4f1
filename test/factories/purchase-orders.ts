import type { DataSource } from 'typeorm';
import type {
  CreatePurchaseOrderRequest,
  MaterialCategory,
  MaterialUnit,
  PurchaseOrderMutationResponse,
  PurchaseOrderStatus,
  PurchaseOrderView,
} from '#server/contracts/purchase-orders';
import { MaterialItemEntity } from '#server/database/entities/index';
import { api } from '#test/setup/app';

let materialCounter = 0;

/** A material stored directly (the catalogue API is tested on its own). */
export async function createMaterial(
  dataSource: DataSource,
  seed: { name?: string; unit?: MaterialUnit; category?: MaterialCategory; isActive?: boolean } = {},
): Promise<MaterialItemEntity> {
  materialCounter += 1;
  return dataSource.getRepository(MaterialItemEntity).save({
    name: seed.name ?? `Material de teste ${materialCounter}`,
    unit: seed.unit ?? 'Unidade',
    category: seed.category ?? 'Papelaria',
    isActive: seed.isActive ?? true,
  });
}

/** Creates an order through the API and returns it; fails the test on any other answer than 201. */
export async function createOrderViaApi(
  url: string,
  token: string,
  materialIds: string[],
  overrides: Partial<CreatePurchaseOrderRequest> = {},
): Promise<PurchaseOrderView> {
  const res = await api<PurchaseOrderMutationResponse>(url, 'POST', '/purchase-orders', {
    token,
    body: {
      items: materialIds.map((materialItem, i) => ({ materialItem, quantity: i + 1 })),
      justification: 'Estoque do setor acabou.',
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`criação do pedido falhou: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order;
}

/** Puts an order straight into a status (to test what each source state accepts). */
export async function forceStatus(dataSource: DataSource, id: string, status: PurchaseOrderStatus): Promise<void> {
  await dataSource.query(`UPDATE purchase_orders SET status = $2 WHERE id = $1`, [id, status]);
}
