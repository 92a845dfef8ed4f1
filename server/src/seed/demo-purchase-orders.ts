import type { EntityManager } from 'typeorm';
import {
  type MaterialCategory,
  type MaterialUnit,
  PURCHASE_ORDER_PRIORITIES,
  PURCHASE_REVIEW_DEPARTMENTS,
  type PurchaseOrderStatus,
} from '#server/contracts/purchase-orders';
import {
  MaterialItemEntity,
  PurchaseOrderEntity,
  PurchaseOrderHistoryEntity,
  PurchaseOrderItemEntity,
  type UserEntity,
} from '#server/database/entities/index';
import { nextOrderNumber } from '#server/modules/purchase-orders/purchase-order-numbering';
import { PurchaseOrdersRepository } from '#server/repositories/purchase-orders.repository';

const DAY = 86_400_000;

const MATERIALS: [name: string, unit: MaterialUnit, category: MaterialCategory][] = [
  ['Papel A4 75 g/m²', 'Resma', 'Papelaria'],
  ['Caneta esferográfica azul', 'Caixa', 'Papelaria'],
  ['Pasta suspensa', 'Pacote', 'Material de Escritório'],
  ['Grampeador de mesa', 'Unidade', 'Material de Escritório'],
  ['Toner HP 85A', 'Unidade', 'Consumíveis'],
  ['Cartucho de tinta preta', 'Unidade', 'Consumíveis'],
  ['Detergente neutro', 'Litro', 'Limpeza'],
  ['Papel higiênico folha dupla', 'Pacote', 'Limpeza'],
  ['Água sanitária', 'Litro', 'Limpeza'],
  ['Mouse óptico USB', 'Unidade', 'Informática'],
  ['Teclado ABNT2', 'Unidade', 'Informática'],
  ['Cabo de rede Cat6', 'Metro', 'Informática'],
  ['Cadeira giratória', 'Unidade', 'Móveis'],
  ['Armário de aço', 'Unidade', 'Móveis'],
  ['Lâmpada LED 18 W', 'Caixa', 'Manutenção'],
  ['Fita isolante', 'Unidade', 'Manutenção'],
  ['Kit de ferramentas', 'Conjunto', 'Equipamentos'],
  ['Café em pó', 'Quilograma', 'Outros'],
];

const JUSTIFICATIONS = [
  'Estoque do setor acabou e há demandas em andamento.',
  'Reposição mensal prevista no planejamento do setor.',
  'Equipamento atual danificado; substituição necessária para o atendimento.',
  'Aumento da demanda no atendimento ao público neste trimestre.',
];

/** Each demo order ends in one of these, walking the transitions the workflow allows. */
const PATHS: PurchaseOrderStatus[][] = [
  ['pending'],
  ['pending', 'approved'],
  ['pending', 'approved', 'ordered'],
  ['pending', 'approved', 'ordered', 'received'],
  ['pending', 'rejected'],
  ['pending', 'cancelled'],
];

/**
 * The demo material catalogue and `count` orders from every department, spread over the last 60
 * days, in every status, with their history (reviewers from Pedidos and Administração).
 */
export async function seedDemoPurchaseOrders(manager: EntityManager, users: UserEntity[], count: number) {
  const materials = await manager
    .getRepository(MaterialItemEntity)
    .save(MATERIALS.map(([name, unit, category]) => ({ name, unit, category, isActive: true })));
  const orders = new PurchaseOrdersRepository(manager.connection);
  const reviewers = users.filter((u) => (PURCHASE_REVIEW_DEPARTMENTS as readonly string[]).includes(u.department));
  for (let i = 0; i < count; i++) {
    const requester = users[(i * 7) % users.length];
    const reviewer = reviewers[i % reviewers.length];
    const path = PATHS[i % PATHS.length];
    const created = new Date(Date.now() - ((count - i) * 60 * DAY) / count);
    const steps = path.map((status, step) => ({ status, date: new Date(created.getTime() + step * 0.7 * DAY) }));
    const last = steps[steps.length - 1];
    const reviewStep = steps.find((s) => s.status === 'approved' || s.status === 'rejected');
    const items = Array.from({ length: 1 + (i % 3) }, (_, n) => materials[(i * 5 + n * 3) % materials.length]);
    const order = await manager.getRepository(PurchaseOrderEntity).save({
      orderNumber: await nextOrderNumber(orders, manager, created),
      department: requester.department,
      requestedBy: requester.id,
      status: last.status,
      priority: PURCHASE_ORDER_PRIORITIES[(i * 3) % PURCHASE_ORDER_PRIORITIES.length],
      estimatedTotal: (((i * 7919) % 250_000) / 100 + 25).toFixed(2),
      justification: JUSTIFICATIONS[i % JUSTIFICATIONS.length],
      observations: i % 4 === 0 ? 'Entregar no almoxarifado central.' : '',
      reviewComments: reviewStep?.status === 'rejected' ? 'Sem orçamento disponível neste mês.' : '',
      reviewedBy: reviewStep ? reviewer.id : null,
      reviewedAt: reviewStep?.date ?? null,
      itemCount: items.length,
      createdAt: created,
      updatedAt: last.date,
    });
    await manager.getRepository(PurchaseOrderItemEntity).insert(
      items.map((material, position) => ({
        orderId: order.id,
        position,
        materialItemId: material.id,
        quantity: 1 + ((i + position) % 12),
        observation: '',
      })),
    );
    await manager.getRepository(PurchaseOrderHistoryEntity).insert(
      steps.map((step, index) => {
        const actor = step.status === 'pending' || step.status === 'cancelled' ? requester : reviewer;
        return {
          orderId: order.id,
          fromStatus: index === 0 ? null : steps[index - 1].status,
          toStatus: step.status,
          userId: actor.id,
          userName: actor.name,
          userDepartment: actor.department,
          reviewComments: step === reviewStep ? order.reviewComments : '',
          date: step.date,
        };
      }),
    );
  }
  return { materials: materials.length, orders: count };
}
