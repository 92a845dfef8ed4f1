import { BadRequestException } from '@nestjs/common';
import {
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  PURCHASE_ORDER_PRIORITIES,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderListFilters,
  type PurchaseOrderPriority,
  type PurchaseOrderStatus,
} from '#server/contracts/purchase-orders';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** YYYY-MM-DD of a day that exists ('2026-13-01' and '2026-02-30' do not; neither throws). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function day(value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const iso = raw.slice(0, 10);
  if (!isIsoDay(iso)) throw new BadRequestException(MESSAGES.filterDateInvalid);
  return iso;
}

function oneOf<T extends string>(list: readonly T[], value: unknown, message: string): T | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  if (!(list as readonly string[]).includes(raw)) throw new BadRequestException(message);
  return raw as T;
}

/** GET /purchase-orders query: empty values are no filter; a wrong value is a 400, never ignored. */
export function parsePurchaseOrderListFilters(query: Record<string, unknown>): PurchaseOrderListFilters {
  const filters: PurchaseOrderListFilters = {
    status: oneOf<PurchaseOrderStatus>(PURCHASE_ORDER_STATUSES, query.status, MESSAGES.filterStatusInvalid),
    priority: oneOf<PurchaseOrderPriority>(PURCHASE_ORDER_PRIORITIES, query.priority, MESSAGES.filterPriorityInvalid),
    startDate: day(query.startDate),
    endDate: day(query.endDate),
  };
  if (filters.startDate && filters.endDate && filters.endDate < filters.startDate) {
    throw new BadRequestException(MESSAGES.filterRange);
  }
  return filters;
}
