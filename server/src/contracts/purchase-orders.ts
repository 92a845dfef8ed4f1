/**
 * Material purchase orders and material items (docs/purchase-orders.md#screen).
 * Shared by the server (DTOs implement the request types), the worker (PDF) and the client.
 */
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

export interface MaterialItemView {
  _id: string;
  id: string;
  name: string;
  description: string;
  unit: MaterialUnit;
  category: MaterialCategory;
  isActive: boolean;
}

export interface PurchaseOrderItemView {
  materialItem: Pick<MaterialItemView, '_id' | 'id' | 'name' | 'unit' | 'category'>;
  quantity: number;
  observation: string;
}

export interface PurchaseOrderPerson {
  _id: string;
  name: string;
  email: string;
}

export interface PurchaseOrderHistoryEntry {
  from: PurchaseOrderStatus | null;
  to: PurchaseOrderStatus;
  userName: string;
  userDepartment: string;
  reviewComments: string;
  date: string;
}

/** A row of GET /purchase-orders. Money is a number with at most two decimals (exact, from SQL). */
export interface PurchaseOrderSummary {
  _id: string;
  id: string;
  orderNumber: string;
  department: string;
  requestedBy: PurchaseOrderPerson;
  status: PurchaseOrderStatus;
  priority: PurchaseOrderPriority;
  itemCount: number;
  estimatedTotal: number;
  deliveryExpected: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /purchase-orders/{id}: the order, its items and history, and what the caller may do. */
export interface PurchaseOrderView extends PurchaseOrderSummary {
  items: PurchaseOrderItemView[];
  justification: string;
  observations: string;
  reviewComments: string;
  reviewedBy: { _id: string; name: string } | null;
  reviewedAt: string | null;
  history: PurchaseOrderHistoryEntry[];
  /** Target statuses this caller may apply now (buttons to show). */
  allowedTransitions: PurchaseOrderTargetStatus[];
}

export interface PurchaseOrderListFilters {
  status?: PurchaseOrderStatus;
  priority?: PurchaseOrderPriority;
  /** Calendar days (YYYY-MM-DD, São Paulo time) of the creation date, both inclusive. */
  startDate?: string;
  endDate?: string;
}

export interface PurchaseOrderListResponse {
  data: PurchaseOrderSummary[];
  /** Orders matching the filters; `data` holds the newest `PURCHASE_ORDER_LIMITS.listLimit`. */
  total: number;
}

export interface PurchaseOrderStatsResponse {
  statusStats: Record<PurchaseOrderStatus, number>;
  totalOrders: number;
  totalEstimated: number;
}

export interface CreatePurchaseOrderItemRequest {
  materialItem: string;
  quantity: number;
  observation?: string;
}

export interface CreatePurchaseOrderRequest {
  items: CreatePurchaseOrderItemRequest[];
  justification: string;
  observations?: string;
  priority?: PurchaseOrderPriority;
  estimatedTotal?: number;
  deliveryExpected?: string | null;
}

export interface UpdatePurchaseOrderStatusRequest {
  status: PurchaseOrderTargetStatus;
  reviewComments?: string;
}

export interface PurchaseOrderMutationResponse {
  message: string;
  order: PurchaseOrderView;
}

export interface MaterialItemListResponse {
  data: MaterialItemView[];
}

export interface CreateMaterialItemRequest {
  name: string;
  description?: string;
  unit: MaterialUnit;
  category: MaterialCategory;
  isActive?: boolean;
}

export interface MaterialItemMutationResponse {
  message: string;
  material: MaterialItemView;
}

/** Payload of `purchase-order:updated`: open lists, stats and detail modals reload. */
export interface PurchaseOrderUpdatedPayload {
  orderId: string;
  orderNumber: string;
  status: PurchaseOrderStatus;
}
