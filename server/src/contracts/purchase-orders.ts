/**
 * Material purchase orders and material items (docs/purchase-orders.md#screen).
 * Shared by the server (DTOs and OpenAPI from the schemas), the worker (PDF) and the client (forms).
 */
import { z } from 'zod';
import { FIELDS } from './schema-fields';

export const PURCHASE_ORDER_STATUSES = [
  'pending',
  'reviewing',
  'approved',
  'rejected',
  'ordered',
  'received',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  pending: 'Pendente',
  reviewing: 'Em Análise',
  approved: 'Aprovado',
  rejected: 'Rejeitado',
  ordered: 'Pedido Feito',
  received: 'Recebido',
  cancelled: 'Cancelado',
};

export const PURCHASE_ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type PurchaseOrderPriority = (typeof PURCHASE_ORDER_PRIORITIES)[number];

export const PURCHASE_ORDER_PRIORITY_LABELS: Record<PurchaseOrderPriority, string> = {
  low: 'Baixa',
  normal: 'Normal',
  high: 'Alta',
  urgent: 'Urgente',
};

/** Departments whose users review orders, besides admins (docs/purchase-orders.md#reviewers). */
export const PURCHASE_REVIEW_DEPARTMENTS = ['Pedidos', 'Administração'] as const;

/** Who may apply a transition: a reviewer, or the user who made the order. */
export type PurchaseOrderActor = 'reviewer' | 'requester';

/**
 * Every status change the server accepts, keyed by the target status: its only source status and
 * who may apply it. Nothing enters 'reviewing' (docs/purchase-orders.md#transitions); 'cancelled' is the requester's own
 * withdrawal of a pending order.
 */
export const PURCHASE_ORDER_TRANSITIONS = {
  approved: { from: 'pending', by: 'reviewer' },
  rejected: { from: 'pending', by: 'reviewer' },
  ordered: { from: 'approved', by: 'reviewer' },
  received: { from: 'ordered', by: 'reviewer' },
  cancelled: { from: 'pending', by: 'requester' },
} as const satisfies Partial<Record<PurchaseOrderStatus, { from: PurchaseOrderStatus; by: PurchaseOrderActor }>>;
export type PurchaseOrderTargetStatus = keyof typeof PURCHASE_ORDER_TRANSITIONS;
export const PURCHASE_ORDER_TARGET_STATUSES = Object.keys(PURCHASE_ORDER_TRANSITIONS) as PurchaseOrderTargetStatus[];

/** Label of the button that applies each transition. */
export const PURCHASE_ORDER_TRANSITION_LABELS: Record<PurchaseOrderTargetStatus, string> = {
  approved: 'Aprovar',
  rejected: 'Rejeitar',
  ordered: 'Marcar como Pedido Feito',
  received: 'Marcar como Recebido',
  cancelled: 'Cancelar Pedido',
};

/** docs/purchase-orders.md#numbering. */
export const MATERIAL_CATEGORIES = [
  'Papelaria',
  'Limpeza',
  'Informática',
  'Móveis',
  'Equipamentos',
  'Material de Escritório',
  'Consumíveis',
  'Manutenção',
  'Outros',
] as const;
export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];

export const MATERIAL_UNITS = [
  'Unidade',
  'Pacote',
  'Caixa',
  'Resma',
  'Litro',
  'Quilograma',
  'Metro',
  'Peça',
  'Conjunto',
] as const;
export type MaterialUnit = (typeof MATERIAL_UNITS)[number];

/** Limits of an order (numeric(12,2) holds up to 9 999 999 999,99). */
export const PURCHASE_ORDER_LIMITS = {
  maxItems: 100,
  maxQuantity: 1_000_000,
  maxEstimatedTotal: 9_999_999_999.99,
  maxTextLength: 5_000,
  /** The list answers the newest orders matching the filters, at most this many (`total` counts all). */
  listLimit: 200,
} as const;

/** pt-BR messages (docs/purchase-orders.md#validation and the decisions in the README). */
export const PURCHASE_ORDER_MESSAGES = {
  itemsRequired: 'Adicione pelo menos um item ao pedido',
  justificationRequired: 'Justificativa é obrigatório',
  materialRequired: 'Selecione o material de cada item do pedido.',
  quantityInvalid: 'A quantidade de cada item deve ser um número inteiro maior ou igual a 1.',
  estimatedTotalInvalid: 'O valor estimado deve ser um número maior ou igual a 0, com no máximo duas casas decimais.',
  deliveryInvalid: 'A data de entrega prevista é inválida.',
  deliveryPast: 'A data de entrega prevista não pode ser anterior à data de hoje.',
  priorityInvalid: 'Prioridade inválida: use low, normal, high ou urgent.',
  statusInvalid: 'Status inválido: use approved, rejected, ordered, received ou cancelled.',
  filterStatusInvalid: 'Status inválido no filtro.',
  filterPriorityInvalid: 'Prioridade inválida no filtro.',
  filterDateInvalid: 'Data inválida no filtro: use o formato AAAA-MM-DD.',
  filterRange: 'A data final não pode ser anterior à data inicial.',
  materialUnavailable: 'Um dos materiais do pedido não existe ou está inativo.',
  tooManyItems: `Um pedido pode ter no máximo ${PURCHASE_ORDER_LIMITS.maxItems} itens.`,
  notFound: 'Pedido não encontrado.',
  reviewerOnly:
    'Apenas administradores ou usuários dos setores Pedidos ou Administração podem aprovar, rejeitar ou registrar a compra e o recebimento de pedidos.',
  requesterOnly: 'Apenas quem fez o pedido pode cancelá-lo.',
  wrongState: (current: PurchaseOrderStatus, target: PurchaseOrderTargetStatus) =>
    `Este pedido está "${PURCHASE_ORDER_STATUS_LABELS[current]}" e não pode passar para "${PURCHASE_ORDER_STATUS_LABELS[target]}".`,
  changedMeanwhile: 'Este pedido acabou de ser alterado por outra pessoa. Atualize a página e tente novamente.',
  numberingExhausted: 'A numeração de pedidos deste ano se esgotou.',
  materialFieldsRequired: 'Nome, unidade e categoria são obrigatórios para criar um material',
  materialCategoryInvalid: `Categoria inválida. Use: ${MATERIAL_CATEGORIES.join(', ')}.`,
  materialUnitInvalid: `Unidade inválida. Use: ${MATERIAL_UNITS.join(', ')}.`,
  materialDuplicate: 'Já existe um material com este nome.',
  materialReviewerOnly:
    'Apenas administradores ou usuários dos setores Pedidos ou Administração podem cadastrar materiais.',
  pdfFailed: 'Não foi possível gerar o PDF do pedido. Tente novamente.',
  created: 'Pedido de compra criado com sucesso!',
  statusUpdated: 'Status do pedido atualizado com sucesso!',
  materialCreated: 'Material criado com sucesso!',
} as const;

// ─── Schemas: one per shape, giving the type, the server's validation, the OpenAPI document and the
// client's form checks (README, "Uma forma, um lugar"). Messages are the pt-BR texts above.

const { trimmed, optional, typed, uuid, text, dateTime, count } = FIELDS;

export const materialItemViewSchema = z
  .strictObject({
    _id: uuid,
    id: uuid,
    name: text,
    description: text,
    unit: z.enum(MATERIAL_UNITS),
    category: z.enum(MATERIAL_CATEGORIES),
    isActive: z.boolean(),
  })
  .meta({ id: 'MaterialItemView' });
export type MaterialItemView = z.infer<typeof materialItemViewSchema>;

export const purchaseOrderItemViewSchema = z.strictObject({
  materialItem: materialItemViewSchema.pick({ _id: true, id: true, name: true, unit: true, category: true }),
  quantity: z.int().min(1),
  observation: text,
});
export type PurchaseOrderItemView = z.infer<typeof purchaseOrderItemViewSchema>;

export const purchaseOrderPersonSchema = z.strictObject({ _id: uuid, name: text, email: text });
export type PurchaseOrderPerson = z.infer<typeof purchaseOrderPersonSchema>;

export const purchaseOrderHistoryEntrySchema = z.strictObject({
  from: z.enum(PURCHASE_ORDER_STATUSES).nullable(),
  to: z.enum(PURCHASE_ORDER_STATUSES),
  userName: text,
  userDepartment: text,
  reviewComments: text,
  date: dateTime,
});
export type PurchaseOrderHistoryEntry = z.infer<typeof purchaseOrderHistoryEntrySchema>;

const purchaseOrderSummaryShape = {
  _id: uuid,
  id: uuid,
  orderNumber: text,
  department: text,
  requestedBy: purchaseOrderPersonSchema,
  status: z.enum(PURCHASE_ORDER_STATUSES),
  priority: z.enum(PURCHASE_ORDER_PRIORITIES),
  itemCount: count,
  /** Money: a number with at most two decimals (exact, from SQL). */
  estimatedTotal: z.number(),
  deliveryExpected: z.iso.date().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
};

/** A row of GET /purchase-orders. */
export const purchaseOrderSummarySchema = z
  .strictObject(purchaseOrderSummaryShape)
  .meta({ id: 'PurchaseOrderSummary' });
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

/** GET /purchase-orders/{id}: the order, its items and history, and what the caller may do. */
export const purchaseOrderViewSchema = z
  .strictObject({
    ...purchaseOrderSummaryShape,
    items: z.array(purchaseOrderItemViewSchema),
    justification: text,
    observations: text,
    reviewComments: text,
    reviewedBy: z.strictObject({ _id: uuid, name: text }).nullable(),
    reviewedAt: dateTime.nullable(),
    history: z.array(purchaseOrderHistoryEntrySchema),
    /** Target statuses this caller may apply now (buttons to show). */
    allowedTransitions: z.array(z.enum(PURCHASE_ORDER_TARGET_STATUSES as [PurchaseOrderTargetStatus])),
  })
  .meta({ id: 'PurchaseOrderView' });
export type PurchaseOrderView = z.infer<typeof purchaseOrderViewSchema>;

/** A query value: a non-blank text, trimmed; anything else (absent, blank, repeated) is no filter. */
const queryText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
/** A filter day: the first ten characters of the value, a real YYYY-MM-DD day. */
const filterDay = z.preprocess(
  (value) => queryText(value)?.slice(0, 10),
  z.iso.date({ error: PURCHASE_ORDER_MESSAGES.filterDateInvalid }).optional(),
);

/** GET /purchase-orders query: empty values are no filter; a wrong value is a 400, never ignored. */
export const purchaseOrderListFiltersSchema = z
  .object({
    status: z.preprocess(
      queryText,
      z.enum(PURCHASE_ORDER_STATUSES, PURCHASE_ORDER_MESSAGES.filterStatusInvalid).optional(),
    ),
    priority: z.preprocess(
      queryText,
      z.enum(PURCHASE_ORDER_PRIORITIES, PURCHASE_ORDER_MESSAGES.filterPriorityInvalid).optional(),
    ),
    /** Calendar days (YYYY-MM-DD, São Paulo time) of the creation date, both inclusive. */
    startDate: filterDay,
    endDate: filterDay,
  })
  .refine((f) => !f.startDate || !f.endDate || f.endDate >= f.startDate, {
    error: PURCHASE_ORDER_MESSAGES.filterRange,
  });
export type PurchaseOrderListFilters = z.output<typeof purchaseOrderListFiltersSchema>;

export const purchaseOrderListResponseSchema = z.strictObject({
  data: z.array(purchaseOrderSummarySchema),
  /** Orders matching the filters; `data` holds the newest `PURCHASE_ORDER_LIMITS.listLimit`. */
  total: count,
});
export type PurchaseOrderListResponse = z.infer<typeof purchaseOrderListResponseSchema>;

export const purchaseOrderStatsResponseSchema = z.strictObject({
  statusStats: z.strictObject(
    Object.fromEntries(PURCHASE_ORDER_STATUSES.map((status) => [status, count])) as Record<
      PurchaseOrderStatus,
      typeof count
    >,
  ),
  totalOrders: count,
  totalEstimated: z.number(),
});
export type PurchaseOrderStatsResponse = z.infer<typeof purchaseOrderStatsResponseSchema>;

/**
 * A finite number with at most two decimal places: the value equals itself rounded to the cent
 * (a decimal-places count breaks on numbers JavaScript prints in exponent notation, such as 5e-324).
 */
const money = (message: string) =>
  z
    .number(typed(message))
    .refine((value) => Number(value.toFixed(2)) === value, message)
    .min(0, message)
    .max(PURCHASE_ORDER_LIMITS.maxEstimatedTotal, message);

export const createPurchaseOrderItemSchema = z.strictObject(
  {
    materialItem: z
      .string(typed(PURCHASE_ORDER_MESSAGES.materialRequired))
      .min(1, PURCHASE_ORDER_MESSAGES.materialRequired)
      .check(z.guid(PURCHASE_ORDER_MESSAGES.materialUnavailable)),
    quantity: z
      .number(typed(PURCHASE_ORDER_MESSAGES.quantityInvalid))
      .int(PURCHASE_ORDER_MESSAGES.quantityInvalid)
      .min(1, PURCHASE_ORDER_MESSAGES.quantityInvalid)
      .max(PURCHASE_ORDER_LIMITS.maxQuantity, PURCHASE_ORDER_MESSAGES.quantityInvalid),
    observation: optional(trimmed(PURCHASE_ORDER_LIMITS.maxTextLength)),
  },
  typed(PURCHASE_ORDER_MESSAGES.materialRequired),
);
export type CreatePurchaseOrderItemRequest = z.input<typeof createPurchaseOrderItemSchema>;

export const createPurchaseOrderSchema = z.strictObject({
  items: z
    .array(createPurchaseOrderItemSchema, typed(PURCHASE_ORDER_MESSAGES.itemsRequired))
    .min(1, PURCHASE_ORDER_MESSAGES.itemsRequired)
    .max(PURCHASE_ORDER_LIMITS.maxItems, PURCHASE_ORDER_MESSAGES.tooManyItems),
  justification: z
    .string(typed(PURCHASE_ORDER_MESSAGES.justificationRequired))
    .trim()
    .min(1, PURCHASE_ORDER_MESSAGES.justificationRequired)
    .max(PURCHASE_ORDER_LIMITS.maxTextLength),
  observations: optional(trimmed(PURCHASE_ORDER_LIMITS.maxTextLength)),
  priority: optional(z.enum(PURCHASE_ORDER_PRIORITIES, PURCHASE_ORDER_MESSAGES.priorityInvalid)),
  estimatedTotal: optional(money(PURCHASE_ORDER_MESSAGES.estimatedTotalInvalid)),
  /** YYYY-MM-DD; checked (real date, not in the past) by the service. Empty means none. */
  deliveryExpected: optional(
    z
      .string(typed(PURCHASE_ORDER_MESSAGES.deliveryInvalid))
      .describe('Entrega prevista, AAAA-MM-DD; vazio: sem data.')
      .transform((v) => v || undefined),
  ),
});
export type CreatePurchaseOrderRequest = z.input<typeof createPurchaseOrderSchema>;

export const updatePurchaseOrderStatusSchema = z.strictObject({
  status: z.enum(PURCHASE_ORDER_TARGET_STATUSES as [PurchaseOrderTargetStatus], PURCHASE_ORDER_MESSAGES.statusInvalid),
  reviewComments: optional(trimmed(PURCHASE_ORDER_LIMITS.maxTextLength)),
});
export type UpdatePurchaseOrderStatusRequest = z.input<typeof updatePurchaseOrderStatusSchema>;

export const purchaseOrderMutationResponseSchema = z.strictObject({
  message: z.string().min(1),
  order: purchaseOrderViewSchema,
});
export type PurchaseOrderMutationResponse = z.infer<typeof purchaseOrderMutationResponseSchema>;

export const materialItemListResponseSchema = z.strictObject({ data: z.array(materialItemViewSchema) });
export type MaterialItemListResponse = z.infer<typeof materialItemListResponseSchema>;

const materialRequired = (schema: z.ZodString) => schema.trim().min(1, PURCHASE_ORDER_MESSAGES.materialFieldsRequired);

export const createMaterialItemSchema = z.strictObject({
  name: materialRequired(z.string(typed(PURCHASE_ORDER_MESSAGES.materialFieldsRequired))).max(200),
  description: optional(trimmed(2_000)),
  unit: materialRequired(z.string(typed(PURCHASE_ORDER_MESSAGES.materialFieldsRequired))).pipe(
    z.enum(MATERIAL_UNITS, PURCHASE_ORDER_MESSAGES.materialUnitInvalid),
  ),
  category: materialRequired(z.string(typed(PURCHASE_ORDER_MESSAGES.materialFieldsRequired))).pipe(
    z.enum(MATERIAL_CATEGORIES, PURCHASE_ORDER_MESSAGES.materialCategoryInvalid),
  ),
  isActive: optional(z.boolean().describe('Disponível para novos pedidos (padrão: sim).')),
});
export type CreateMaterialItemRequest = z.input<typeof createMaterialItemSchema>;

export const materialItemMutationResponseSchema = z.strictObject({
  message: z.string().min(1),
  material: materialItemViewSchema,
});
export type MaterialItemMutationResponse = z.infer<typeof materialItemMutationResponseSchema>;

/** Payload of `purchase-order:updated`: open lists, stats and detail modals reload. */
export interface PurchaseOrderUpdatedPayload {
  orderId: string;
  orderNumber: string;
  status: PurchaseOrderStatus;
}
