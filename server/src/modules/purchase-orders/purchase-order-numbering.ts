import { ConflictException } from '@nestjs/common';
import { PURCHASE_ORDER_MESSAGES } from '#server/contracts/purchase-orders';
import type { Tx } from '#server/database/transactions';
import type { PurchaseOrdersRepository } from '#server/repositories/purchase-orders.repository';

const MAX_SEQUENCE = 99_999;

export const formatOrderNumber = (year: number, sequence: number): string =>
  `PED-${year}-${String(sequence).padStart(5, '0')}`;

/**
 * Takes the next `PED-YYYY-NNNNN` number inside the caller's transaction (as process numbers do):
 * the year's counter stays locked until that transaction ends, so concurrent creations queue on
 * it, numbers are never duplicated, and a rolled-back creation gives its number back.
 */
export async function nextOrderNumber(
  orders: PurchaseOrdersRepository,
  manager: Tx,
  now = new Date(),
): Promise<string> {
  const year = now.getFullYear();
  const sequence = await orders.takeNumber(year, manager);
  if (sequence > MAX_SEQUENCE) throw new ConflictException(PURCHASE_ORDER_MESSAGES.numberingExhausted);
  return formatOrderNumber(year, sequence);
}
