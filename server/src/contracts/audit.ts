/** Audit log entry (docs/audit.md#entries "Log entry"). */
import { z } from 'zod';
import { FIELDS } from './schema-fields';

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'read',
  'login',
  'logout',
  'forward',
  'sign',
  'upload',
  'download',
  'other',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPES = [
  'user',
  'process',
  'document',
  'department',
  'protocol',
  'system',
  'purchase-order',
  'material-item',
  'template',
  'calendar',
  'document-type',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_STATUSES = ['success', 'error', 'warning', 'info'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

/** Columns the log list may be sorted by (docs/audit.md#logs-screen 'Ordenar por'). */
export const AUDIT_SORT_FIELDS = ['createdAt', 'action', 'entityType', 'status', 'username'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

export const AUDIT_LIST_DEFAULT_LIMIT = 50;
export const AUDIT_LIST_MAX_LIMIT = 200;

/** pt-BR answers of the logs screen's query strings (docs/audit.md#filters). */
export const AUDIT_MESSAGES = {
  startDateInvalid: 'Data inicial inválida.',
  endDateInvalid: 'Data final inválida.',
  range: 'A data final não pode ser anterior à data inicial.',
  userIdInvalid: 'Identificador de usuário inválido.',
  sortOrderInvalid: 'Ordem inválida: use -1 (decrescente) ou 1 (crescente).',
  actionInvalid: 'Ação inválida.',
  entityTypeInvalid: 'Tipo de entidade inválido.',
  statusInvalid: 'Status inválido.',
  sortByInvalid: 'Campo de ordenação inválido.',
  pagingInvalid: 'Parâmetros de paginação inválidos.',
} as const;

// ─── Schemas (README, "Uma forma, um lugar") ────────────────────────────────────────────────────

const { uuid, text, dateTime, count, positive, firstQueryText } = FIELDS;

export const auditLogViewSchema = z
  .strictObject({
    _id: uuid,
    createdAt: dateTime,
    action: z.enum(AUDIT_ACTIONS),
    entityType: z.enum(AUDIT_ENTITY_TYPES),
    entityId: text.nullable(),
    description: text,
    username: text.nullable(),
    userDepartment: text.nullable(),
    status: z.enum(AUDIT_STATUSES),
    ipAddress: text.nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditLogView' });
export type AuditLogView = z.infer<typeof auditLogViewSchema>;

/** Highest page number accepted: far beyond any real list, far below a database overflow. */
const MAX_PAGE = 1_000_000;

/** A query value: its first occurrence, trimmed; blank or 'all' is no filter. */
const filterText = (value: unknown) => {
  const raw = firstQueryText(value);
  return raw === 'all' ? undefined : raw;
};
/** A filter: absent (null) unless given, then checked by `schema`. */
const filter = <S extends z.ZodType>(schema: S) =>
  z.preprocess(filterText, schema.optional()).transform((value) => value ?? null);
/** An ISO 8601 date or instant (YYYY-MM-DD…), answered as an ISO instant. */
const instant = (message: string) =>
  filter(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/, message)
      .refine((raw) => !Number.isNaN(new Date(raw).getTime()), message)
      .transform((raw) => new Date(raw).toISOString()),
  );
/** Free text, cut to `maxLength` characters. */
const cut = (maxLength: number) => filter(z.string().transform((raw) => raw.slice(0, maxLength)));
/** A page or a limit: an integer of up to nine digits, brought into `min`..`max`. */
const pageNumber = (fallback: number, max: number) =>
  filter(z.string().regex(/^-?\d{1,9}$/, AUDIT_MESSAGES.pagingInvalid)).transform((raw) =>
    Math.min(Math.max(raw === null ? fallback : Number(raw), 1), max),
  );

const periodShape = {
  /** ISO instants, inclusive. */
  startDate: instant(AUDIT_MESSAGES.startDateInvalid),
  endDate: instant(AUDIT_MESSAGES.endDateInvalid),
};
const filtersShape = {
  ...periodShape,
  userId: filter(z.guid(AUDIT_MESSAGES.userIdInvalid)),
  sortOrder: filter(z.enum(['1', '-1'], AUDIT_MESSAGES.sortOrderInvalid)).transform((order): 1 | -1 =>
    order === '1' ? 1 : -1,
  ),
  action: filter(z.enum(AUDIT_ACTIONS, AUDIT_MESSAGES.actionInvalid)),
  entityType: filter(z.enum(AUDIT_ENTITY_TYPES, AUDIT_MESSAGES.entityTypeInvalid)),
  entityId: cut(200),
  /** Case-insensitive prefix of the username. */
  username: cut(100),
  userDepartment: cut(200),
  status: filter(z.enum(AUDIT_STATUSES, AUDIT_MESSAGES.statusInvalid)),
  sortBy: filter(z.enum(AUDIT_SORT_FIELDS, AUDIT_MESSAGES.sortByInvalid)).transform((field) => field ?? 'createdAt'),
};
const inOrder = (period: { startDate: string | null; endDate: string | null }) =>
  !period.startDate || !period.endDate || period.endDate >= period.startDate;

/** GET /logs/stats: the period only (absent values ignored, wrong ones 400). */
export const auditPeriodSchema = z.object(periodShape).refine(inOrder, { error: AUDIT_MESSAGES.range });

/** GET /logs/export, and the export job's filters (already validated). */
export const auditLogFiltersSchema = z.object(filtersShape).refine(inOrder, { error: AUDIT_MESSAGES.range });
export type AuditLogFilters = z.output<typeof auditLogFiltersSchema>;

/** GET /logs: the filters, and page and limit (limit 1..200, default 50; page clamped later to the last page). */
export const auditLogListQuerySchema = z
  .object({
    ...filtersShape,
    page: pageNumber(1, MAX_PAGE),
    limit: pageNumber(AUDIT_LIST_DEFAULT_LIMIT, AUDIT_LIST_MAX_LIMIT),
  })
  .refine(inOrder, { error: AUDIT_MESSAGES.range });

export const auditLogListResponseSchema = z.strictObject({
  logs: z.array(auditLogViewSchema),
  page: positive,
  limit: positive,
  totalPages: count,
  totalItems: count,
  /** False when totalItems is the planner's estimate (beyond AUDIT_EXACT_COUNT_CAP matching rows). */
  totalExact: z.boolean(),
});
export type AuditLogListResponse = z.infer<typeof auditLogListResponseSchema>;

export const auditStatEntrySchema = z.strictObject({ _id: text.nullable(), count });
export type AuditStatEntry = z.infer<typeof auditStatEntrySchema>;

export const auditStatsResponseSchema = z.strictObject({
  actionStats: z.array(auditStatEntrySchema),
  entityStats: z.array(auditStatEntrySchema),
  deptStats: z.array(auditStatEntrySchema),
  statusStats: z.array(auditStatEntrySchema),
  /** Most active users: `_id` is the username. */
  userStats: z.array(auditStatEntrySchema),
});
export type AuditStatsResponse = z.infer<typeof auditStatsResponseSchema>;

/** Kinds of break `verify` names (edited row, missing row, foreign row, two rows out of order). */
export const AUDIT_CHAIN_BREAK_KINDS = ['edited', 'deleted', 'inserted', 'swapped', 'checkpoint'] as const;
export type AuditChainBreakKind = (typeof AUDIT_CHAIN_BREAK_KINDS)[number];

export const auditChainReportSchema = z.strictObject({
  ok: z.boolean(),
  /** Sealed rows walked. */
  checkedRows: count,
  firstSeq: count.nullable(),
  lastSeq: count.nullable(),
  /** Rows written but not sealed yet (the worker seals them within seconds). */
  unsealedRows: count,
  /**
   * The unsealed tail: rows no signed checkpoint covers yet (sealed after the newest one, or not
   * sealed). Only these could be removed or rewritten unnoticed; the worker signs every minute.
   */
  tailRows: count,
  checkpointsVerified: count,
  /** The first break found (the walk stops there). */
  break: z
    .strictObject({
      kind: z.enum(AUDIT_CHAIN_BREAK_KINDS),
      seq: count.nullable(),
      id: text.nullable(),
      message: text,
    })
    .nullable(),
});
export type AuditChainReport = z.infer<typeof auditChainReportSchema>;

/** Reply of GET /logs/export: the export runs in the worker; progress comes over the socket. */
export const auditExportQueuedSchema = z.strictObject({ exportId: uuid, message: z.string().min(1) });
export type AuditExportQueued = z.infer<typeof auditExportQueuedSchema>;

/** `export:progress` of every export: `processed` of `total` (rows, or percent of 100 for report files). */
export interface ExportProgressPayload {
  exportId: string;
  processed: number;
  total: number;
}

export interface ExportReadyPayload {
  exportId: string;
  rows: number;
  /** API path of the download (GET; `?token=` accepted). */
  downloadPath: string;
}

export interface ExportFailedPayload {
  exportId: string;
  message: string;
}

/** pt-BR labels of the enumerations (screen, statistics and CSV). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Criar',
  update: 'Atualizar',
  delete: 'Excluir',
  read: 'Visualizar',
  login: 'Login',
  logout: 'Logout',
  forward: 'Encaminhar',
  sign: 'Assinar',
  upload: 'Upload',
  download: 'Download',
  other: 'Outro',
};

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  user: 'Usuário',
  process: 'Processo',
  document: 'Documento',
  department: 'Departamento',
  protocol: 'Protocolo',
  system: 'Sistema',
  'purchase-order': 'Pedido de Compra',
  'material-item': 'Material',
  template: 'Template',
  calendar: 'Calendário',
  'document-type': 'Tipo de documento',
};

export const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = {
  success: 'Sucesso',
  error: 'Erro',
  warning: 'Aviso',
  info: 'Informação',
};

/** Link of the 'export ready' notification: the logs screen downloads the file with the session's token. */
export const auditExportLink = (exportId: string) => `/semgi/logs?download=${exportId}`;
export const auditExportDownloadPath = (exportId: string) => `/logs/export/${exportId}/download`;
