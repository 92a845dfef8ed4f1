import {
  type CreateMaterialItemRequest,
  type CreatePurchaseOrderRequest,
  PURCHASE_ORDER_LIMITS,
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  type PurchaseOrderPriority,
} from '@contracts';
import { fieldProblem, type FieldProblem } from '@/ui/field-problem';

export interface OrderItemValues {
  /** Stable React key of the row. */
  key: number;
  materialItem: string;
  /** NaN while the field is empty or unreadable. */
  quantity: number;
  observation: string;
}

export interface OrderFormValues {
  items: OrderItemValues[];
  justification: string;
  observations: string;
  priority: PurchaseOrderPriority;
  /** Reais; NaN while the field is empty or unreadable. */
  estimatedTotal: number;
  /** YYYY-MM-DD or ''. */
  deliveryExpected: string;
}

let nextKey = 1;
export const emptyItem = (): OrderItemValues => ({ key: nextKey++, materialItem: '', quantity: 1, observation: '' });

/** A new order: one empty item, priority normal, value 0 (docs/purchase-orders.md#fields). */
export const initialOrderForm = (): OrderFormValues => ({
  items: [emptyItem()],
  justification: '',
  observations: '',
  priority: 'normal',
  estimatedTotal: 0,
  deliveryExpected: '',
});

/** At most two decimals, read without floating-point noise (12.345 has three, 0.1 + 0.2 has two). */
const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Fields of the order form a message can point at; an item's fields carry the item's key. */
export type OrderFormField = 'items' | 'justification' | 'estimatedTotal' | `material-${number}` | `quantity-${number}`;

/**
 * The docs/purchase-orders.md#validation checks, in the server's order and with its texts, with the field that fails; null
 * when the form may be sent.
 */
export function validateOrderForm(values: OrderFormValues): FieldProblem<OrderFormField> | null {
  if (values.items.length === 0) return fieldProblem('items', MESSAGES.itemsRequired);
  if (!values.justification.trim()) return fieldProblem('justification', MESSAGES.justificationRequired);
  for (const item of values.items) {
    if (!item.materialItem) return fieldProblem(`material-${item.key}`, MESSAGES.materialRequired);
    const quantity = item.quantity;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > PURCHASE_ORDER_LIMITS.maxQuantity) {
      return fieldProblem(`quantity-${item.key}`, MESSAGES.quantityInvalid);
    }
  }
  const total = values.estimatedTotal;
  if (!Number.isFinite(total) || total < 0 || !hasCents(total) || total > PURCHASE_ORDER_LIMITS.maxEstimatedTotal) {
    return fieldProblem('estimatedTotal', MESSAGES.estimatedTotalInvalid);
  }
  return null;
}

export function buildOrderRequest(values: OrderFormValues): CreatePurchaseOrderRequest {
  return {
    items: values.items.map((item) => ({
      materialItem: item.materialItem,
      quantity: item.quantity,
      ...(item.observation.trim() ? { observation: item.observation.trim() } : {}),
    })),
    justification: values.justification.trim(),
    observations: values.observations.trim(),
    priority: values.priority,
    estimatedTotal: values.estimatedTotal,
    deliveryExpected: values.deliveryExpected || null,
  };
}

export interface MaterialFormValues {
  name: string;
  description: string;
  unit: string;
  category: string;
}

export const initialMaterialForm = (): MaterialFormValues => ({ name: '', description: '', unit: '', category: '' });

/** Name, unit and category are required after trimming (docs/purchase-orders.md#validation); the first empty one is named. */
export function validateMaterialForm(values: MaterialFormValues): FieldProblem<'name' | 'unit' | 'category'> | null {
  const missing = (['name', 'unit', 'category'] as const).find((field) => !values[field].trim());
  return missing ? fieldProblem(missing, MESSAGES.materialFieldsRequired) : null;
}

export function buildMaterialRequest(values: MaterialFormValues): CreateMaterialItemRequest {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    unit: values.unit.trim(),
    category: values.category.trim(),
    isActive: true,
  };
}
