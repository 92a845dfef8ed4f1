import type { AuditLogFilters } from './audit';
import type { DeadlineUnit } from './calendar';
import type { PurchaseOrderView } from './purchase-orders';
import type { ReportExportJob } from './reports';
import type { TemplateRenderJob } from './templates';

/**
 * BullMQ queues and job payloads. `enqueue(name, payload)` on the server and the worker's processors
 * are typed by `JobPayloads`, so a wrong payload does not compile.
 */
export const QUEUES = {
  system: 'system',
  outbox: 'outbox',
  dashboard: 'dashboard',
  documents: 'documents',
  mail: 'mail',
  audit: 'audit',
  exports: 'exports',
  deadlines: 'deadlines',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobPayloads {
  /** Diagnostic round trip: the worker answers with `system:echo` in the user's room. */
  'system.echo': { userId: string; message: string };
  /** Relays committed outbox rows (kicked after each commit that wrote one, and every 2 s). */
  'outbox.relay': Record<string, never>;
  /**
   * Recomputes the dashboard aggregates (deduplicated: a burst of changes causes a few runs). A
   * scheduler's tick (`scheduled`) only asks for that deduplicated run: schedulers cannot deduplicate.
   */
  'dashboard.recompute': { reason: string; scheduled?: true };
  /**
   * Refreshes the departments and users whose figures changed, as dashboard_refresh_requests lists
   * them (deduplicated: one waits while one runs). docs/dashboard.md#updates.
   */
  'dashboard.refresh': Record<string, never>;
  /**
   * Sums the rows each change appended to the processes report's per-day figures into one per key
   * (docs/reports.md#per-day-figures); on a schedule. Two at once are harmless.
   */
  'report-days.fold': Record<string, never>;
  /**
   * Renders a text document's stored file to PDF (Puppeteer) for a qualified signature. The result
   * is a stored file of owner kind 'document-render': `{ storedName }`; the server takes it over.
   */
  'document.render-pdf': { documentId: string; storedName: string; title: string };
  /**
   * Renders a purchase order (the details view the server read for the caller) as a printable PDF.
   * The result is a stored file of owner kind 'purchase-order-render': `{ storedName }`.
   */
  'purchase-order.render-pdf': { order: PurchaseOrderView };
  /**
   * Renders a report (the summary the server computed for the caller, the detail rows read by the
   * worker with the caller's visibility) as PDF or XLSX into STORAGE_DIR/report-exports/<user>/
   * (export-files.ts), kept 24 h. Result `{ rows }` (detail rows). Job id `report-<user>-<exportId>`,
   * deduplicated per user + type + format + filters while queued or running; two attempts.
   */
  'report.export': ReportExportJob;
  /**
   * Renders a document made from a template as PDF: Chromium for 'html' and 'hybrid' (page size and
   * margins by CSS @page, the organisational header and 'Página N de M' on every page); for 'docx'
   * the filled DOCX base converted by LibreOffice. The result is a stored file of owner kind
   * 'document-render' (ownerId = documentId): `{ storedName }`; the server takes it over.
   */
  'document.render-template': TemplateRenderJob;
  /**
   * Fills the template's DOCX base (`baseDocument`) with the placeholders, `{{titulo}}` and
   * `{{conteudo}}` (the content as plain text). Fails when there is no base or it is not a valid
   * DOCX. The result is a stored file of owner kind 'document-render' (ownerId = documentId):
   * `{ storedName }`; the server takes it over.
   */
  'document.fill-docx': TemplateRenderJob;
  /**
   * E-mails one stored notification to its recipient (job id `notification-<id>`: never twice).
   * For a confidential process only `confidential: true` and the link are used.
   */
  'mail.notification': NotificationMailJob;
  /**
   * E-mails an opted-in external requester that their process moved or was finalised (job id
   * `requester-update-<outbox event id>`: once per event; docs/processes.md#updates-by-e-mail).
   */
  'mail.requester-update': RequesterUpdateMailJob;
  /**
   * Tells the requester of an access-to-information request that its deadline was extended, with the
   * justification (LAI art. 11, parágrafo 2º; docs/processes.md#access-to-information-requests). Job id
   * `lai-extension-<outbox event id>`: never twice.
   */
  'mail.lai-extension': LaiExtensionMailJob;
  /** E-mails a new temporary password; the job is removed from Redis once sent or given up. */
  'mail.temporary-password': TemporaryPasswordMailJob;
  /** E-mails the confirmation code of online filing (docs/processes.md#online-filing); removed once sent or given up. */
  'mail.email-code': EmailCodeMailJob;
  /**
   * E-mails the receipt PDF, drawn by the worker, to the external requester of a new process
   * (docs/processes.md#receipts-and-tracking); removed once sent or given up (it carries the access code).
   */
  'mail.receipt': ReceiptMailJob;
  /** Seals committed audit rows into the hash chain, in order (kicked after each commit and every 2 s). */
  'audit.seal': Record<string, never>;
  /** Signs a checkpoint (seq, hash) of the chain's head (hourly). */
  'audit.checkpoint': Record<string, never>;
  /** Purges rows older than AUDIT_RETENTION_DAYS after a signed checkpoint; drops expired export files. */
  'audit.retention': Record<string, never>;
  /** Writes the CSV of the filtered log for the admin who asked (progress and result on their socket). */
  'audit.export': { exportId: string; userId: string; filters: AuditLogFilters };
  /**
   * The deadline reminder sweep (docs/deadlines.md#reminders): every few minutes and once at boot,
   * for today by the Clock; `day` (YYYY-MM-DD) sweeps that day instead (fault tests, a re-run).
   */
  'deadlines.remind': { day?: string };
}
export type JobName = keyof JobPayloads;

export interface NotificationMailJob {
  notificationId: string;
  to: string;
  name: string;
  title: string;
  message: string;
  /** The notification's in-app link ('/semgi/…'), or '#' when there is nothing to open. */
  link: string;
  confidential: boolean;
}

/** Only what the public tracking page shows: never comments, user names or contents. */
export interface RequesterUpdateMailJob {
  eventId: string;
  to: string;
  name: string;
  /** The process number (NUP). */
  number: string;
  change: 'forwarded' | 'finalized';
  /** Status label after the change ('Em andamento', 'Concluído'). */
  status: string;
  department: string;
  /** When it happened, as the e-mail writes it (dd/mm/aaaa às HH:mm in TIME_ZONE). */
  date: string;
}

export interface LaiExtensionMailJob {
  to: string;
  name: string;
  /** The process number. */
  processId: string;
  /** Days of the extension in the deadline's unit, and the new due day (YYYY-MM-DD). */
  days: number;
  unit: DeadlineUnit;
  due: string;
  justification: string;
}

export interface TemporaryPasswordMailJob {
  userId: string;
  to: string;
  name: string;
  username: string;
  tempPassword: string;
  reason: 'created' | 'reset';
}

export interface EmailCodeMailJob {
  to: string;
  code: string;
  /** How long the code lives. */
  minutes: number;
}

export interface ReceiptMailJob {
  to: string;
  number: string;
  /** ISO date-time of the creation. */
  createdAt: string;
  subject: string;
  receivingDepartment: string;
  requesterName: string;
  /** Grouped, XXXX-XXXX-XXXX-XXXX. */
  accessCode: string;
}

/** Which queue carries each job (every job name exactly once: a missing one does not compile). */
export const JOB_QUEUE = {
  'system.echo': QUEUES.system,
  'outbox.relay': QUEUES.outbox,
  'dashboard.recompute': QUEUES.dashboard,
  'dashboard.refresh': QUEUES.dashboard,
  'report-days.fold': QUEUES.dashboard,
  'document.render-pdf': QUEUES.documents,
  'purchase-order.render-pdf': QUEUES.documents,
  'report.export': QUEUES.exports,
  'document.render-template': QUEUES.documents,
  'document.fill-docx': QUEUES.documents,
  'mail.notification': QUEUES.mail,
  'mail.requester-update': QUEUES.mail,
  'mail.temporary-password': QUEUES.mail,
  'mail.email-code': QUEUES.mail,
  'mail.receipt': QUEUES.mail,
  'mail.lai-extension': QUEUES.mail,
  'audit.seal': QUEUES.audit,
  'audit.checkpoint': QUEUES.audit,
  'audit.retention': QUEUES.audit,
  'audit.export': QUEUES.exports,
  'deadlines.remind': QUEUES.deadlines,
} as const satisfies { [N in JobName]: QueueName };

/** The job names queue Q carries: its processor must handle each of them. */
export type QueueJobName<Q extends QueueName> = {
  [N in JobName]: (typeof JOB_QUEUE)[N] extends Q ? N : never;
}[JobName];
