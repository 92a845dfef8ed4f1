import { ConflictException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PURCHASE_ORDER_MESSAGES } from '#server/contracts/purchase-orders';

const MAX_SEQUENCE = 99_999;

export const formatOrderNumber = (year: number, sequence: number): string =>
  `PED-${year}-${String(sequence).padStart(5, '0')}`;

/**
 * Takes the next `PED-YYYY-NNNNN` number inside the caller's transaction (as process numbers do):
 * the upsert locks the year's counter row until that transaction ends, so concurrent creations
 * queue on it, numbers are never duplicated, and a rolled-back creation gives its number back.
 */
export async function nextOrderNumber(manager: EntityManager, now = new Date()): Promise<string> {
  const year = now.getFullYear();
  const rows: { last_value: number }[] = await manager.query(
    `INSERT INTO purchase_order_number_counters (year, last_value) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last_value = purchase_order_number_counters.last_value + 1
     RETURNING last_value`,
    [year],
  );
  const sequence = rows[0].last_value;
  if (sequence > MAX_SEQUENCE) throw new ConflictException(PURCHASE_ORDER_MESSAGES.numberingExhausted);
  return formatOrderNumber(year, sequence);
}
