/** Audit log entry (docs/audit.md#entries "Log entry"). */
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
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_STATUSES = ['success', 'error', 'warning', 'info'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export interface AuditLogView {
  _id: string;
  createdAt: string;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  description: string;
  username: string | null;
  userDepartment: string | null;
  status: AuditStatus;
  ipAddress: string | null;
  details: Record<string, unknown> | null;
}

/** Columns the log list may be sorted by (docs/audit.md#logs-screen 'Ordenar por'). */
export const AUDIT_SORT_FIELDS = ['createdAt', 'action', 'entityType', 'status', 'username'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

export const AUDIT_LIST_DEFAULT_LIMIT = 50;
export const AUDIT_LIST_MAX_LIMIT = 200;

/** Filters of GET /logs, GET /logs/export and the export job (already validated). */
export interface AuditLogFilters {
  /** ISO instants, inclusive. */
  startDate: string | null;
  endDate: string | null;
  action: AuditAction | null;
  entityType: AuditEntityType | null;
  entityId: string | null;
  userId: string | null;
  /** Case-insensitive prefix of the username. */
  username: string | null;
  userDepartment: string | null;
  status: AuditStatus | null;
  sortBy: AuditSortField;
  sortOrder: 1 | -1;
}

export interface AuditLogListResponse {
  logs: AuditLogView[];
  page: number;
  limit: number;
  totalPages: number;
  totalItems: number;
  /** False when totalItems is the planner's estimate (beyond AUDIT_EXACT_COUNT_CAP matching rows). */
  totalExact: boolean;
}

export interface AuditStatEntry {
  _id: string | null;
  count: number;
}

export interface AuditStatsResponse {
  actionStats: AuditStatEntry[];
  entityStats: AuditStatEntry[];
  deptStats: AuditStatEntry[];
  statusStats: AuditStatEntry[];
  /** Most active users: `_id` is the username. */
  userStats: AuditStatEntry[];
}

/** Kinds of break `verify` names (edited row, missing row, foreign row, two rows out of order). */
export type AuditChainBreakKind = 'edited' | 'deleted' | 'inserted' | 'swapped' | 'checkpoint';

export interface AuditChainReport {
  ok: boolean;
  /** Sealed rows walked. */
  checkedRows: number;
  firstSeq: number | null;
  lastSeq: number | null;
  /** Rows written but not sealed yet (the worker seals them within seconds). */
  unsealedRows: number;
  /**
   * The unsealed tail: rows no signed checkpoint covers yet (sealed after the newest one, or not
   * sealed). Only these could be removed or rewritten unnoticed; the worker signs every minute.
   */
  tailRows: number;
  checkpointsVerified: number;
  /** The first break found (the walk stops there). */
  break: { kind: AuditChainBreakKind; seq: number | null; id: string | null; message: string } | null;
}

/** Reply of GET /logs/export: the export runs in the worker; progress comes over the socket. */
export interface AuditExportQueued {
  exportId: string;
  message: string;
}

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
