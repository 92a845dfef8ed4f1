import {
  type CreateMaterialItemRequest,
  createMaterialItemSchema,
  type CreatePurchaseOrderRequest,
  createPurchaseOrderSchema,
  parseContract,
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

/** A money value as typed, without floating-point noise (0.1 + 0.2 is 0.3; 12.345 stays, and is refused). */
const readMoney = (value: number) => {
  const cents = Math.round(value * 100);
  return Math.abs(cents - value * 100) < 1e-6 ? cents / 100 : value;
};

/** Fields of the order form a message can point at; an item's fields carry the item's key. */
export type OrderFormField = 'items' | 'justification' | 'estimatedTotal' | `material-${number}` | `quantity-${number}`;

/** The order of docs/purchase-orders.md#validation: the items, the justification, each item, the value. */
const ORDER_FORM_RANK = (path: PropertyKey[]) =>
  path[0] === 'items' ? (path.length === 1 ? 0 : 2) : path[0] === 'justification' ? 1 : 3;

/**
 * The server's own checks (the contract's createPurchaseOrderSchema) on the request the form would
 * send, in the page's order, with the field that fails; null when the form may be sent.
 */
export function validateOrderForm(values: OrderFormValues): FieldProblem<OrderFormField> | null {
  const result = parseContract(createPurchaseOrderSchema, buildOrderRequest(values), ORDER_FORM_RANK);
  if (result.ok) return null;
  const [field, index, itemField] = result.path;
  const item = field === 'items' && typeof index === 'number' ? values.items[index] : undefined;
  if (item)
    return fieldProblem(itemField === 'quantity' ? `quantity-${item.key}` : `material-${item.key}`, result.message);
  return fieldProblem(field === 'justification' || field === 'estimatedTotal' ? field : 'items', result.message);
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
    estimatedTotal: readMoney(values.estimatedTotal),
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

/**
 * The server's checks (createMaterialItemSchema): name, unit and category are required after
 * trimming (docs/purchase-orders.md#validation); the first failing one is named.
 */
export function validateMaterialForm(values: MaterialFormValues): FieldProblem<'name' | 'unit' | 'category'> | null {
  const result = parseContract(createMaterialItemSchema, buildMaterialRequest(values));
  if (result.ok) return null;
  const [field] = result.path;
  return fieldProblem(field === 'unit' || field === 'category' ? field : 'name', result.message);
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
