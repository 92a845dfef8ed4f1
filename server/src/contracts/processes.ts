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
 * - PATCH  /processes/:id/requester     UpdateRequesterRequest (the external requester's
 *            `emailUpdates`)                                       -> ProcessMutationResponse
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
import { z } from 'zod';
import {
  deadlineFilterSchema,
  deadlineInputSchema,
  type DeadlineRequest,
  processDeadlineDetailSchema,
  processDeadlineSchema,
} from './deadlines';
import { PROCESS_SUBJECT_MAX_LENGTH, PROCESS_TEXT_MAX_LENGTH } from './process-limits';
import { FIELDS, IGNORED_ACTOR_FIELDS } from './schema-fields';
import { FIELD_MESSAGES, PROCESS_MESSAGES } from './validation-messages';

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

/**
 * What a process is a request of (docs/processes.md#access-to-information-requests): 'standard', or
 * 'lai', an access-to-information request (Lei 12.527/2011), which runs the LAI's legal clock.
 */
export const PROCESS_REQUEST_TYPES = ['standard', 'lai'] as const;
export type ProcessRequestType = (typeof PROCESS_REQUEST_TYPES)[number];
export const LAI_REQUEST_TYPE = 'lai' satisfies ProcessRequestType;

/** Protocol data enumerations of the creation form (docs/processes.md#fields Form enumerations). */
export const PROTOCOL_TYPES = ['internal', 'external'] as const;
export type ProtocolType = (typeof PROTOCOL_TYPES)[number];
export const PROTOCOL_STATUSES = ['pending', 'in-progress', 'completed', 'canceled'] as const;
export type ProtocolStatus = (typeof PROTOCOL_STATUSES)[number];
export const PROTOCOL_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type ProtocolPriority = (typeof PROTOCOL_PRIORITIES)[number];

export const PROCESS_PERIODS = ['all', 'today', 'week', 'month'] as const;
export const PROCESS_LIST_SORTS = ['updated', 'deadline'] as const;
export type ProcessListSort = (typeof PROCESS_LIST_SORTS)[number];
export type ProcessPeriod = (typeof PROCESS_PERIODS)[number];

export const PROCESS_LIST_DEFAULT_LIMIT = 20;
export const PROCESS_LIST_MAX_LIMIT = 100;
/** Days without update from which a process is "aging" (docs/processes.md#limits). */
export const PROCESS_AGING_DAYS = 30;
export const PROCESS_WARNING_DAYS = 21;
export const REQUESTER_SEARCH_MIN_LENGTH = 2;
export { PROCESS_SUBJECT_MAX_LENGTH, PROCESS_TEXT_MAX_LENGTH } from './process-limits';

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
  accessCodeReissued: 'Código de acesso reemitido',
  emailUpdatesChanged: 'Atualizações por e-mail alteradas',
  // Signature requests of a document linked to the process (docs/documents.md#signature-requests).
  signaturesRequested: 'Assinaturas solicitadas',
  signersAdded: 'Signatários adicionados',
  signerRemoved: 'Signatário removido',
  documentSigned: 'Documento assinado',
  signatureRefused: 'Assinatura recusada',
  signaturesCancelled: 'Solicitação de assinaturas cancelada',
  signaturesCompleted: 'Assinaturas concluídas',
} as const;

/** The history entries a signature request of a linked document leaves (docs/documents.md#signature-requests). */
export const PROCESS_SIGNATURE_STEPS = [
  'signaturesRequested',
  'signersAdded',
  'signerRemoved',
  'documentSigned',
  'signatureRefused',
  'signaturesCancelled',
  'signaturesCompleted',
] as const satisfies readonly (keyof typeof PROCESS_HISTORY_ACTIONS)[];
export type ProcessSignatureStep = (typeof PROCESS_SIGNATURE_STEPS)[number];

// ─── Schemas (README, "Uma forma, um lugar") ────────────────────────────────────────────────────

const { uuid, text, dateTime, count, positive, optional, typed, firstQueryText } = FIELDS;

export const processUserRefSchema = z
  .strictObject({ _id: uuid, name: text, department: text })
  .meta({ id: 'ProcessUserRef' });
export type ProcessUserRef = z.infer<typeof processUserRefSchema>;

const requesterUserShape = { ...processUserRefSchema.shape, email: text, phone: text.nullable() };
/** An internal requester: a system user (spec: requesterId populated). */
export const processRequesterUserSchema = z.strictObject(requesterUserShape).meta({ id: 'ProcessRequesterUser' });
export type ProcessRequesterUser = z.infer<typeof processRequesterUserSchema>;

const externalRequesterShape = {
  _id: uuid,
  name: text,
  document: text,
  phone: text,
  email: text.nullable(),
  department: text.nullable(),
  /** Opted in to updates by e-mail (docs/processes.md#updates-by-e-mail). */
  emailUpdates: z.boolean(),
};
/** An external requester (docs/processes.md#fields Requester); `department` is shown as organisation. */
export const externalRequesterViewSchema = z
  .strictObject({ ...externalRequesterShape, id: uuid })
  .meta({ id: 'ExternalRequesterView' });
export type ExternalRequesterView = z.infer<typeof externalRequesterViewSchema>;

export const processHistoryEntryViewSchema = z.strictObject({
  _id: uuid,
  date: dateTime,
  from: text.nullable(),
  to: text.nullable(),
  comment: text,
  action: text,
  user: processUserRefSchema.nullable(),
});
export type ProcessHistoryEntryView = z.infer<typeof processHistoryEntryViewSchema>;

export const PROCESS_DOCUMENT_CONTEXTS = ['process', 'response'] as const;
export type ProcessDocumentContext = (typeof PROCESS_DOCUMENT_CONTEXTS)[number];

export const processDocumentViewSchema = z
  .strictObject({
    _id: uuid,
    id: uuid,
    name: text,
    /** Path under the API base: `/uploads/{file}`; open it as `{api}/uploads/{file}?token={token}`. */
    path: text,
    /** Bytes. */
    size: count,
    mimeType: text,
    uploadDate: dateTime,
    uploadedBy: processUserRefSchema.nullable(),
    context: z.enum(PROCESS_DOCUMENT_CONTEXTS),
  })
  .meta({ id: 'ProcessDocumentView' });
export type ProcessDocumentView = z.infer<typeof processDocumentViewSchema>;

export const processResponseViewSchema = z.strictObject({
  _id: uuid,
  /** 'response' for answers, 'final' for the finalisation note. */
  kind: z.enum(['response', 'final']),
  text,
  user: processUserRefSchema.nullable(),
  date: dateTime,
  attachments: z.array(processDocumentViewSchema),
});
export type ProcessResponseView = z.infer<typeof processResponseViewSchema>;

export const protocolDataViewSchema = z
  .strictObject({
    type: z.enum(PROTOCOL_TYPES),
    status: z.enum(PROTOCOL_STATUSES),
    priority: z.enum(PROTOCOL_PRIORITIES),
    /** YYYY-MM-DD or null. */
    dueDate: z.iso.date().nullable(),
    subject: text,
  })
  .meta({ id: 'ProtocolDataView' });
export type ProtocolDataView = z.infer<typeof protocolDataViewSchema>;

/** The one requester block the details page shows, whichever mode created it. */
export const processRequesterViewSchema = z
  .union([
    z.strictObject({ type: z.literal('internal'), ...requesterUserShape }),
    z.strictObject({ type: z.literal('external'), ...externalRequesterShape }),
  ])
  .meta({ id: 'ProcessRequesterView' });
export type ProcessRequesterView = z.infer<typeof processRequesterViewSchema>;

/** What the caller may do on this process (the server enforces the same rules). */
export const processPermissionsSchema = z.strictObject({
  /** Respond, forward, finalize, attach: admin or current department, not finalised. */
  canAct: z.boolean(),
  canDelete: z.boolean(),
  /** Admin, Gabinete or Chefia: sees the confidentiality panel. */
  canViewConfidentiality: z.boolean(),
  /** Admin or Gabinete. */
  canEditConfidentiality: z.boolean(),
});
export type ProcessPermissions = z.infer<typeof processPermissionsSchema>;

const processSummaryShape = {
  _id: text,
  id: text,
  subject: text,
  description: text,
  status: z.enum(PROCESS_STATUSES),
  currentDepartment: text,
  originDepartment: text,
  createdAt: dateTime,
  updatedAt: dateTime,
  lastUpdate: dateTime,
  createdBy: processUserRefSchema.nullable(),
  confidential: z.boolean(),
  /** 'lai': an access-to-information request (docs/processes.md#access-to-information-requests). */
  requestType: z.enum(PROCESS_REQUEST_TYPES),
  /** Whole days since lastUpdate (for the 21/30-day alerts). */
  daysSinceUpdate: count,
  protocol: protocolDataViewSchema.nullable(),
  /** The deadline the process shows (docs/deadlines.md#which-deadline); null when it never had one. */
  deadline: processDeadlineSchema.nullable(),
};
/** One row of the list: the process without its history, documents and responses. */
export const processSummarySchema = z.strictObject(processSummaryShape).meta({ id: 'ProcessSummary' });
export type ProcessSummary = z.infer<typeof processSummarySchema>;

const processViewShape = {
  ...processSummaryShape,
  history: z.array(processHistoryEntryViewSchema),
  documents: z.array(processDocumentViewSchema),
  responses: z.array(processResponseViewSchema),
  /** User ids with access (empty when not confidential). */
  confidentialAccess: z.array(uuid),
  /** The same users with names, for the confidentiality panel. */
  confidentialAccessUsers: z.array(processUserRefSchema),
  requesterId: processRequesterUserSchema.nullable(),
  requesterExternal: externalRequesterViewSchema.nullable(),
  requester: processRequesterViewSchema.nullable(),
  /**
   * The access code of the public tracking, grouped (XXXX-XXXX-XXXX-XXXX); null without an external
   * requester (docs/processes.md#receipts-and-tracking).
   */
  accessCode: text.nullable(),
  permissions: processPermissionsSchema,
  /** Every deadline of the process (its own and the return deadlines), newest first. */
  deadlines: z.array(processDeadlineDetailSchema),
};
export const processViewSchema = z.strictObject(processViewShape).meta({ id: 'ProcessView' });
export type ProcessView = z.infer<typeof processViewSchema>;

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
  /** By the deadline the process shows (docs/deadlines.md#filters). */
  deadline?: 'overdue' | 'due-soon' | 'on-time' | 'none';
  /** 'updated' (default): last update first; 'deadline': the deadline ending first first, those without last. */
  sort?: ProcessListSort;
  page?: number;
  limit?: number;
}

/**
 * The paging figures of a list page. Past the count cap (LIST_COUNT_CAP, 1,000 by default) `total`
 * is the cap, `totalPages` its pages and `totalIsLowerBound` true: more match, and the pages after
 * go on while they come full (docs/processes.md#list-counts).
 */
const pagingShape = {
  total: count,
  page: positive,
  limit: positive,
  totalPages: count,
  totalIsLowerBound: z.boolean(),
};

export const processStatsSchema = z.strictObject({
  total: count,
  pendente: count,
  emAndamento: count,
  concluido: count,
  cancelado: count,
});
export type ProcessStats = z.infer<typeof processStatsSchema>;

export const processListResponseSchema = z.strictObject({
  data: z.strictObject({ processes: z.array(processSummarySchema), ...pagingShape }),
});
export type ProcessListResponse = z.infer<typeof processListResponseSchema>;

export const processStatsResponseSchema = z.strictObject({ data: processStatsSchema });
export type ProcessStatsResponse = z.infer<typeof processStatsResponseSchema>;

/** pt-BR answers of the query strings of GET /processes, /protocol and /requesters/search. */
export const PROCESS_QUERY_MESSAGES = {
  statusInvalid: 'Status de processo inválido.',
  periodInvalid: 'Período inválido.',
  sortInvalid: 'Ordenação inválida: use updated ou deadline.',
  pagingInvalid: 'Parâmetros de paginação inválidos.',
  requesterQueryTooShort: `Digite pelo menos ${REQUESTER_SEARCH_MIN_LENGTH} caracteres para buscar.`,
} as const;

/** Spellings links and older screens use ('concluido', 'em-andamento') for the canonical values. */
const STATUS_ALIASES: Record<string, ProcessStatus> = {
  concluido: 'concluído',
  'em-andamento': 'em andamento',
  em_andamento: 'em andamento',
};
/** Highest page number accepted: far beyond any real list, far below a database overflow. */
const MAX_PAGE = 100_000;

/** A page or a limit: a whole number from 1 to MAX_PAGE, `fallback` when absent. */
const pageNumber = (fallback: number) =>
  z
    .preprocess(
      firstQueryText,
      z
        .string()
        .refine((raw) => {
          const parsed = Number(raw);
          return Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_PAGE;
        }, PROCESS_QUERY_MESSAGES.pagingInvalid)
        .optional(),
    )
    .transform((raw) => (raw === undefined ? fallback : Number(raw)));

const pagingQueryShape = {
  page: pageNumber(1),
  /** At most PROCESS_LIST_MAX_LIMIT. */
  limit: pageNumber(PROCESS_LIST_DEFAULT_LIMIT).transform((limit) => Math.min(limit, PROCESS_LIST_MAX_LIMIT)),
};

/** GET /protocol: page and limit (positive integers; limit capped at PROCESS_LIST_MAX_LIMIT). */
export const processPagingSchema = z.object(pagingQueryShape);

/** GET /processes query string (tolerant of absent values, strict on wrong ones). */
export const processListFiltersSchema = z.object({
  /** Free text over id, subject, current and origin department, cut to 200 characters. */
  q: z.preprocess(firstQueryText, z.string().optional()).transform((q) => q?.slice(0, 200) ?? null),
  /** 'all' or 'todos' is no filter; the aliases name their canonical status. */
  status: z
    .preprocess((value) => {
      const raw = firstQueryText(value)?.toLowerCase();
      return raw === undefined || raw === 'all' || raw === 'todos' ? undefined : (STATUS_ALIASES[raw] ?? raw);
    }, z.enum(PROCESS_STATUSES, PROCESS_QUERY_MESSAGES.statusInvalid).optional())
    .transform((status) => status ?? null),
  /** Only honoured for admins (the caller decides). */
  department: z
    .preprocess(firstQueryText, z.string().optional())
    .transform((department) => (department && department !== 'all' ? department : null)),
  period: z.preprocess(
    (value) => firstQueryText(value) ?? 'all',
    z.enum(PROCESS_PERIODS, PROCESS_QUERY_MESSAGES.periodInvalid),
  ),
  /** Only processes without update for PROCESS_AGING_DAYS days or more. */
  aging: z.preprocess((value) => firstQueryText(value) === 'true', z.boolean()),
  deadline: deadlineFilterSchema,
  sort: z.preprocess(
    (value) => firstQueryText(value) ?? 'updated',
    z.enum(PROCESS_LIST_SORTS, PROCESS_QUERY_MESSAGES.sortInvalid),
  ),
  ...pagingQueryShape,
});
export type ProcessListFilters = z.output<typeof processListFiltersSchema>;

/** GET /requesters/search?query: at least REQUESTER_SEARCH_MIN_LENGTH characters once trimmed (and cut to 100). */
export const requesterSearchQuerySchema = z.object({
  query: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().slice(0, 100) : ''),
    z.string().min(REQUESTER_SEARCH_MIN_LENGTH, PROCESS_QUERY_MESSAGES.requesterQueryTooShort),
  ),
});

export interface NewExternalRequesterInput {
  name: string;
  /** CPF or CNPJ. */
  document: string;
  phone: string;
  email?: string;
  department?: string;
  /** 'Receber atualizações por e-mail' (docs/processes.md#updates-by-e-mail); needs `email`. */
  emailUpdates?: boolean;
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
 * Creation payload (docs/processes.md#fields) as a client writes it (createProcessSchema also takes
 * multipart's texts for its flags). Requester: send at most one of `requesterId` (system user),
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
  /** The process deadline (docs/deadlines.md); a protocol `dueDate` given without it becomes it. */
  deadline?: DeadlineRequest;
  /** 'lai': an access-to-information request, whose deadline is the LAI's legal clock (no `deadline` nor `dueDate`). */
  requestType?: ProcessRequestType;
}

const M = PROCESS_MESSAGES;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Multipart sends booleans as text. */
const truthy = (value: unknown) => value === true || value === 'true';
/** Trimmed (and cut to `max` characters); blank or anything that is not text counts as absent. */
const presentText = (value: unknown, max?: number) =>
  (typeof value === 'string' && value.trim().slice(0, max)) || undefined;
const optionalText = (max?: number) => z.preprocess((value) => presentText(value, max), z.string().optional());
/** Trimmed and cut to `max` characters when text; the emptiness check runs on the result. */
const requiredCut = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().slice(0, max) : value),
    z.string(typed(message)).min(1, message),
  );
/** A required, trimmed text of at most `maxLength` characters; emptiness is answered before length. */
const requiredText = (maxLength: number, message: string, tooLong?: string) =>
  z.string(typed(message)).trim().min(1, message).max(maxLength, tooLong);
/** An empty choice means "use the default". */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(values, M.protocolDataInvalid).optional(),
  );

/** 'Pedido de acesso à informação (LAI)' or a standard request; absent or blank is standard. */
export const requestTypeField = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? 'standard' : value),
  z.enum(PROCESS_REQUEST_TYPES, M.requestTypeInvalid),
);

/** 'Receber atualizações por e-mail': a boolean (or its text, from multipart), nothing else. */
export const emailUpdatesFlag = FIELDS.textFlag(z.boolean(typed(M.emailUpdatesInvalid)));

const newExternalRequesterSchema = z
  .strictObject({
    name: requiredCut(200, M.requesterNameRequired),
    document: requiredCut(30, M.requesterDocumentRequired),
    phone: requiredCut(30, M.requesterPhoneRequired),
    email: optionalText(200),
    department: optionalText(200),
    emailUpdates: emailUpdatesFlag.optional(),
    /** The flag may also travel inside the requester (see createProcessSchema's isNewRequester). */
    isNewRequester: z.unknown().optional(),
  })
  .refine((requester) => !requester.emailUpdates || !!requester.email, {
    message: M.emailUpdatesNeedsEmail,
    path: ['emailUpdates'],
  });

/** YYYY-MM-DD with real digits (a longer ISO date is cut to its day); empty means none. */
const dueDate = (today: () => string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || value === ''
        ? null
        : typeof value === 'string'
          ? value.trim().slice(0, 10)
          : value,
    z
      .string(typed(M.dueDateInvalid))
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.dueDateInvalid)
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), M.dueDateInvalid)
      .refine((day) => day >= today(), M.dueDateBeforeToday)
      .nullable(),
  );

/**
 * What the creation payload means before its fields are checked: `title` names the subject, the
 * flags may come as multipart text, and the fields that do not apply are dropped (the access list
 * of a process that is not confidential; the requesters a new external requester overrides).
 */
function creationPayload(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const confidential = truthy(body.confidential);
  const isNewRequester =
    truthy(body.isNewRequester) || (isRecord(body.requester) && truthy(body.requester.isNewRequester));
  const access = body.confidentialAccess;
  return {
    ...body,
    subject: body.subject ?? body.title,
    confidential,
    confidentialAccess: !confidential
      ? undefined
      : access == null
        ? []
        : Array.isArray(access)
          ? [...new Set(access)]
          : access,
    isNewRequester,
    requester: !isNewRequester ? undefined : isRecord(body.requester) ? body.requester : {},
    requesterExternal: isNewRequester ? undefined : body.requesterExternal,
    requesterId: isNewRequester || presentText(body.requesterExternal) ? undefined : body.requesterId,
  };
}

/**
 * POST /processes and POST /protocol (JSON, or the JSON text of multipart field `data`), checked
 * in the order of docs/processes.md#validation with its texts; a length limit is reported with its
 * own field. `today` is the server's calendar day (or the browser's, on the form); at most
 * `maxAttachments` entries in `attachments`, which JSON cannot fill with files and is ignored.
 */
export const createProcessSchema = (today: () => string, maxAttachments: number) =>
  z
    .preprocess(
      creationPayload,
      z.strictObject({
        subject: requiredText(PROCESS_SUBJECT_MAX_LENGTH, M.titleRequired, M.titleTooLong),
        /** Another name of the subject. */
        title: z.unknown().optional(),
        description: requiredText(PROCESS_TEXT_MAX_LENGTH, M.descriptionRequired, M.descriptionTooLong),
        /** Accepted, ignored: the origin is always the creator's department. */
        originDepartment: z.unknown().optional(),
        attachments: optional(z.array(z.unknown(), FIELD_MESSAGES.arrayMaxSize('attachments')).max(maxAttachments)),
        destinationDepartment: z.string(typed(M.destinationRequired)).trim().min(1, M.destinationRequired),
        confidential: z.boolean(),
        /** Only for a confidential process: at least one user, duplicates dropped. */
        confidentialAccess: z
          .array(z.guid(M.confidentialAccessList), M.confidentialAccessList)
          .min(1, M.confidentialNeedsUser)
          .optional()
          .transform((access) => access ?? []),
        /** True when either this flag or `requester.isNewRequester` is set. */
        isNewRequester: z.boolean(),
        /** Only read for a new external requester; anything that is not an object counts as empty. */
        requester: newExternalRequesterSchema.optional(),
        requesterExternal: z.preprocess((value) => presentText(value), z.guid(M.externalRequesterNotFound).optional()),
        requesterId: z.preprocess((value) => presentText(value), z.guid(M.requesterNotFound).optional()),
        protocolData: optional(
          z.strictObject(
            {
              dueDate: dueDate(today),
              type: choice(PROTOCOL_TYPES),
              status: choice(PROTOCOL_STATUSES),
              priority: choice(PROTOCOL_PRIORITIES),
              /** Defaults to the process title. */
              subject: optionalText(PROCESS_SUBJECT_MAX_LENGTH),
            },
            typed(M.protocolDataInvalid),
          ),
        ),
        deadline: optional(deadlineInputSchema),
        requestType: requestTypeField,
      }),
    )
    .refine((input) => input.requestType !== LAI_REQUEST_TYPE || (!input.deadline && !input.protocolData?.dueDate), {
      message: M.laiDeadlineFixed,
      path: ['deadline'],
    });
export type CreateProcessInput = z.output<ReturnType<typeof createProcessSchema>>;

export const forwardProcessSchema = z.strictObject({
  destinationDepartment: requiredText(120, M.forwardFieldsRequired),
  comment: requiredText(PROCESS_TEXT_MAX_LENGTH, M.forwardFieldsRequired),
  /** 'Retorno programado': the destination is asked to return the process within this deadline. */
  returnDeadline: optional(deadlineInputSchema),
  ...IGNORED_ACTOR_FIELDS,
});
export type ForwardProcessRequest = z.input<typeof forwardProcessSchema>;

/** JSON, or the text fields of a multipart request whose files are under `attachments`. */
export const respondProcessSchema = z.strictObject({
  response: requiredText(PROCESS_TEXT_MAX_LENGTH, M.responseRequired, M.responseTooLong),
  ...IGNORED_ACTOR_FIELDS,
});
export type RespondProcessRequest = z.input<typeof respondProcessSchema>;

export const finalizeProcessSchema = z.strictObject({
  finalResponse: requiredText(PROCESS_TEXT_MAX_LENGTH, M.finalNoteRequired),
  ...IGNORED_ACTOR_FIELDS,
});
export type FinalizeProcessRequest = z.input<typeof finalizeProcessSchema>;

/** PATCH /processes/{id}/requester: the external requester's opt-in (docs/processes.md#updates-by-e-mail). */
export const updateRequesterSchema = z.strictObject({
  emailUpdates: z.boolean(typed(M.emailUpdatesInvalid)),
  ...IGNORED_ACTOR_FIELDS,
});
export type UpdateRequesterRequest = z.input<typeof updateRequesterSchema>;

/** Text fields of the multipart POST /processes/:id/documents (the file is in field `file`). */
export const attachProcessDocumentSchema = z.strictObject({
  context: optional(z.enum(PROCESS_DOCUMENT_CONTEXTS)),
  /** Display name; defaults to the uploaded file's name. */
  name: optional(z.string().max(255)),
  /** `uploadedBy` is accepted, ignored: the caller is the uploader. */
  ...IGNORED_ACTOR_FIELDS,
});
export type AttachProcessDocumentRequest = z.input<typeof attachProcessDocumentSchema>;

/** An id of the access list, named as the list (not its position) when wrong. */
const accessUserId = FIELD_MESSAGES.isUuid('confidentialAccess');

export const toggleConfidentialSchema = z.strictObject({
  confidential: z.boolean(typed(FIELD_MESSAGES.isBoolean('confidential'))),
  confidentialAccess: optional(
    z.array(z.guid(accessUserId), accessUserId).max(500, FIELD_MESSAGES.arrayMaxSize('confidentialAccess')),
  ),
});
export type ToggleConfidentialRequest = z.input<typeof toggleConfidentialSchema>;

export const processMutationResponseSchema = z.strictObject({
  /** pt-BR success text of docs/processes.md#messages (e.g. 'Processo encaminhado com sucesso!'). */
  message: z.string().min(1),
  process: processViewSchema,
});
export type ProcessMutationResponse = z.infer<typeof processMutationResponseSchema>;

/** PATCH /processes/{id}/toggle-confidential: `process` is null when the caller is no longer allowed to see it. */
export const toggleConfidentialResponseSchema = z.strictObject({
  message: z.string().min(1),
  process: processViewSchema.nullable(),
});
export type ToggleConfidentialResponse = z.infer<typeof toggleConfidentialResponseSchema>;

/**
 * A protocol is the registration record of an incoming request (type, status, priority, due date,
 * subject), linked 1:1 to the process opened with it; its `_id` is the process id, so merging the
 * protocol list into the process list de-duplicates by `_id`.
 */
export const protocolViewSchema = z
  .strictObject({ ...processSummaryShape, protocol: protocolDataViewSchema })
  .meta({ id: 'ProtocolView' });
export type ProtocolView = z.infer<typeof protocolViewSchema>;

export const protocolListResponseSchema = z.strictObject({
  data: z.strictObject({ protocols: z.array(protocolViewSchema), ...pagingShape }),
});
export type ProtocolListResponse = z.infer<typeof protocolListResponseSchema>;

/** The registered process in full (history, documents…, as POST /processes answers) with its protocol record. */
export const registeredProtocolViewSchema = z
  .strictObject({ ...processViewShape, protocol: protocolDataViewSchema })
  .meta({ id: 'RegisteredProtocolView' });
export type RegisteredProtocolView = z.infer<typeof registeredProtocolViewSchema>;

export const protocolMutationResponseSchema = z.strictObject({
  message: z.string().min(1),
  protocol: registeredProtocolViewSchema,
});
export type ProtocolMutationResponse = z.infer<typeof protocolMutationResponseSchema>;

/** External requesters matching the query by name or document (system users are not included). */
export const requesterSearchResponseSchema = z.strictObject({ data: z.array(externalRequesterViewSchema) });
export type RequesterSearchResponse = z.infer<typeof requesterSearchResponseSchema>;
