/**
 * Processes, protocols and requesters: the request/response shapes of docs/processes.md#fields as the server
 * implements them. All routes are under /api and need a Bearer token.
 *
 * Routes (every error body is ApiError with a pt-BR message):
 * - GET    /processes?q&status&department&period&aging&page&limit  -> ProcessListResponse
 *            (sorted by last update, newest first; `department` is honoured for admins only and
 *            ignored for everyone else; `status=concluido` is accepted as 'concluído').
 * - GET    /processes/stats                                        -> ProcessStatsResponse
 *            (counts over every process the caller may see, no filters: the four stat cards).
 * - GET    /processes/:id                                          -> ProcessView
 * - POST   /processes            JSON CreateProcessRequest, or multipart/form-data with field `data`
 *            (the CreateProcessRequest as a JSON string) and files under `attachments`
 *                                                                  -> 201 ProcessMutationResponse
 * - POST   /processes/:id/forward        ForwardProcessRequest     -> ProcessMutationResponse
 * - POST   /processes/:id/response-simple  RespondProcessRequest as JSON, or multipart with field
 *            `response` and files under `attachments`               -> ProcessMutationResponse
 * - POST   /processes/:id/finalize       FinalizeProcessRequest    -> ProcessMutationResponse
 * - POST   /processes/:id/documents      multipart: `file`, optional `context` ('process' |
 *            'response'), optional `name`, optional `uploadedBy` (ignored: the caller is the
 *            uploader)                                             -> 201 ProcessMutationResponse
 * - PATCH  /processes/:id/toggle-confidential  ToggleConfidentialRequest -> ProcessMutationResponse
 * - DELETE /processes/:id                                           -> { message }
 * - GET    /protocol?page&limit                                    -> ProtocolListResponse
 * - POST   /protocol             same body/multipart as POST /processes; protocolData defaults
 *            are applied when absent                               -> 201 ProtocolMutationResponse
 * - GET    /requesters/search?query (≥ 2 characters)               -> RequesterSearchResponse
 * - Attachments are downloaded from GET /api/uploads/{file}?token=… where {file} is the last part
 *   of ProcessDocumentView.path; only users who may see the process get the file.
 *
 * Ids: a process id is its NUP protocol number `UUUUU.SSSSSS/AAAA-DD`. In a URL the slash must be
 * percent-encoded (`encodeURIComponent(id)`); a malformed id answers 400 'Número de processo
 * inválido.'. A confidential process the caller may not see answers 404 'Processo não encontrado.'.
 */

/** Status values as the screens compare them (docs/processes.md#states). */
export const PROCESS_STATUSES = ['pendente', 'em andamento', 'concluído', 'cancelado'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
/** A status as every screen and export writes it. */
export const PROCESS_STATUS_LABELS: Record<ProcessStatus, string> = {
  pendente: 'Pendente',
  'em andamento': 'Em andamento',
  concluído: 'Concluído',
  cancelado: 'Cancelado',
};
/**
 * 'Em Andamento' and 'Processos Ativos' count this status only, on every screen and export
 * (dashboard, list, reports); 'Concluídos' counts the other one.
 */
export const ACTIVE_PROCESS_STATUS = 'em andamento' satisfies ProcessStatus;
export const COMPLETED_PROCESS_STATUS = 'concluído' satisfies ProcessStatus;
/** A process in one of these states accepts no more actions. */
export const FINAL_PROCESS_STATUSES: readonly ProcessStatus[] = ['concluído', 'cancelado'];

/** Protocol data enumerations of the creation form (docs/processes.md#fields Form enumerations). */
export const PROTOCOL_TYPES = ['internal', 'external'] as const;
export type ProtocolType = (typeof PROTOCOL_TYPES)[number];
export const PROTOCOL_STATUSES = ['pending', 'in-progress', 'completed', 'canceled'] as const;
export type ProtocolStatus = (typeof PROTOCOL_STATUSES)[number];
export const PROTOCOL_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type ProtocolPriority = (typeof PROTOCOL_PRIORITIES)[number];

export const PROCESS_PERIODS = ['all', 'today', 'week', 'month'] as const;
export type ProcessPeriod = (typeof PROCESS_PERIODS)[number];

export const PROCESS_LIST_DEFAULT_LIMIT = 20;
export const PROCESS_LIST_MAX_LIMIT = 100;
/** Days without update from which a process is "aging" (docs/processes.md#limits). */
export const PROCESS_AGING_DAYS = 30;
export const PROCESS_WARNING_DAYS = 21;
export const REQUESTER_SEARCH_MIN_LENGTH = 2;
/** Longest process title (subject). */
export const PROCESS_SUBJECT_MAX_LENGTH = 300;
/** Longest description, comment, response or final note. */
export const PROCESS_TEXT_MAX_LENGTH = 20_000;

/** History actions written by the server (docs/processes.md#fields History entry). */
export const PROCESS_HISTORY_ACTIONS = {
  created: 'Processo criado',
  forwarded: 'Processo encaminhado',
  responded: 'Resposta adicionada',
  respondedWithAttachments: 'Resposta com anexos adicionada',
  documentAttached: 'Documento anexado',
  documentAttachedToResponse: 'Documento anexado à resposta',
  finalized: 'Processo finalizado',
  confidentialityChanged: 'Sigilo alterado',
} as const;

export interface ProcessUserRef {
  _id: string;
  name: string;
  department: string;
}

/** An internal requester: a system user (spec: requesterId populated). */
export interface ProcessRequesterUser extends ProcessUserRef {
  email: string;
  phone: string | null;
}

/** An external requester (docs/processes.md#fields Requester); `department` is shown as organisation. */
export interface ExternalRequesterView {
  _id: string;
  id: string;
  name: string;
  document: string;
  phone: string;
  email: string | null;
  department: string | null;
}

export interface ProcessHistoryEntryView {
  _id: string;
  date: string;
  from: string | null;
  to: string | null;
  comment: string;
  action: string;
  user: ProcessUserRef | null;
}

export type ProcessDocumentContext = 'process' | 'response';

export interface ProcessDocumentView {
  _id: string;
  id: string;
  name: string;
  /** Path under the API base: `/uploads/{file}`; open it as `{api}/uploads/{file}?token={token}`. */
  path: string;
  /** Bytes. */
  size: number;
  mimeType: string;
  uploadDate: string;
  uploadedBy: ProcessUserRef | null;
  context: ProcessDocumentContext;
}

export interface ProcessResponseView {
  _id: string;
  /** 'response' for answers, 'final' for the finalisation note. */
  kind: 'response' | 'final';
  text: string;
  user: ProcessUserRef | null;
  date: string;
  attachments: ProcessDocumentView[];
}

export interface ProtocolDataView {
  type: ProtocolType;
  status: ProtocolStatus;
  priority: ProtocolPriority;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  subject: string;
}

/** The one requester block the details page shows, whichever mode created it. */
export type ProcessRequesterView =
  ({ type: 'internal' } & ProcessRequesterUser) | ({ type: 'external' } & Omit<ExternalRequesterView, 'id'>);

/** What the caller may do on this process (the server enforces the same rules). */
export interface ProcessPermissions {
  /** Respond, forward, finalize, attach: admin or current department, not finalised. */
  canAct: boolean;
  canDelete: boolean;
  /** Admin, Gabinete or Chefia: sees the confidentiality panel. */
  canViewConfidentiality: boolean;
  /** Admin or Gabinete. */
  canEditConfidentiality: boolean;
}

/** One row of the list: the process without its history, documents and responses. */
export interface ProcessSummary {
  _id: string;
  id: string;
  subject: string;
  description: string;
  status: ProcessStatus;
  currentDepartment: string;
  originDepartment: string;
  createdAt: string;
  updatedAt: string;
  lastUpdate: string;
  createdBy: ProcessUserRef | null;
  confidential: boolean;
  /** Whole days since lastUpdate (for the 21/30-day alerts). */
  daysSinceUpdate: number;
  protocol: ProtocolDataView | null;
}

export interface ProcessView extends ProcessSummary {
  history: ProcessHistoryEntryView[];
  documents: ProcessDocumentView[];
  responses: ProcessResponseView[];
  /** User ids with access (empty when not confidential). */
  confidentialAccess: string[];
  /** The same users with names, for the confidentiality panel. */
  confidentialAccessUsers: ProcessUserRef[];
  requesterId: ProcessRequesterUser | null;
  requesterExternal: ExternalRequesterView | null;
  requester: ProcessRequesterView | null;
  permissions: ProcessPermissions;
}

export interface ProcessListQuery {
  /** Free text over id, subject, current and origin department (case- and accent-insensitive). */
  q?: string;
  /** One of PROCESS_STATUSES ('concluido' without accent is accepted too). */
  status?: string;
  /** Admin only; ignored for other users. */
  department?: string;
  period?: ProcessPeriod;
  /** 'true': only processes without update for PROCESS_AGING_DAYS days or more. */
  aging?: 'true' | 'false';
  page?: number;
  limit?: number;
}

export interface ProcessStats {
  total: number;
  pendente: number;
  emAndamento: number;
  concluido: number;
  cancelado: number;
}

export interface ProcessListResponse {
  data: {
    processes: ProcessSummary[];
    total: number;
    page: number;
    limit: number;
    totalPages: number;
  };
}

export interface ProcessStatsResponse {
  data: ProcessStats;
}

export interface NewExternalRequesterInput {
  name: string;
  /** CPF or CNPJ. */
  document: string;
  phone: string;
  email?: string;
  department?: string;
}

export interface ProtocolDataInput {
  type?: ProtocolType;
  status?: ProtocolStatus;
  priority?: ProtocolPriority;
  /** YYYY-MM-DD, not before today. */
  dueDate?: string | null;
  subject?: string;
}

/**
 * Creation payload (docs/processes.md#fields). Requester: send at most one of `requesterId` (system user),
 * `requesterExternal` (id of an existing external requester) or `requester` with
 * `isNewRequester: true` (creates the external requester). With none, the creator is the
 * requester. `originDepartment` is accepted but the server always uses the creator's department.
 */
export interface CreateProcessRequest {
  subject: string;
  description: string;
  originDepartment?: string;
  destinationDepartment: string;
  confidential?: boolean;
  confidentialAccess?: string[];
  protocolData?: ProtocolDataInput;
  requesterId?: string;
  requesterExternal?: string;
  requester?: NewExternalRequesterInput;
  isNewRequester?: boolean;
}

export interface ForwardProcessRequest {
  destinationDepartment: string;
  comment: string;
  /** Accepted for compatibility, ignored: the caller is the actor. */
  userId?: string;
}

export interface RespondProcessRequest {
  response: string;
  userId?: string;
  userName?: string;
}

export interface FinalizeProcessRequest {
  finalResponse: string;
  userId?: string;
  userName?: string;
}

/** Text fields of the multipart POST /processes/:id/documents (the file is in field `file`). */
export interface AttachProcessDocumentRequest {
  context?: ProcessDocumentContext;
  /** Display name; defaults to the uploaded file's name. */
  name?: string;
  /** Accepted, ignored: the caller is the uploader. */
  uploadedBy?: string;
}

export interface ToggleConfidentialRequest {
  confidential: boolean;
  confidentialAccess?: string[];
}

export interface ProcessMutationResponse {
  /** pt-BR success text of docs/processes.md#messages (e.g. 'Processo encaminhado com sucesso!'). */
  message: string;
  process: ProcessView;
}

/** PATCH /processes/{id}/toggle-confidential: `process` is null when the caller is no longer allowed to see it. */
export interface ToggleConfidentialResponse {
  message: string;
  process: ProcessView | null;
}

/**
 * A protocol is the registration record of an incoming request (type, status, priority, due date,
 * subject), linked 1:1 to the process opened with it; its `_id` is the process id, so merging the
 * protocol list into the process list de-duplicates by `_id`.
 */
export interface ProtocolView extends ProcessSummary {
  protocol: ProtocolDataView;
}

export interface ProtocolListResponse {
  data: {
    protocols: ProtocolView[];
    total: number;
    page: number;
    limit: number;
    totalPages: number;
  };
}

/** The registered process in full (history, documents…, as POST /processes answers) with its protocol record. */
export interface RegisteredProtocolView extends ProcessView {
  protocol: ProtocolDataView;
}

export interface ProtocolMutationResponse {
  message: string;
  protocol: RegisteredProtocolView;
}

/** External requesters matching the query by name or document (system users are not included). */
export interface RequesterSearchResponse {
  data: ExternalRequesterView[];
}
