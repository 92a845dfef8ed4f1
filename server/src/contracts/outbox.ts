/**
 * Domain events written to the transactional outbox in the same transaction as the change they
 * describe. The worker's relay turns them into notifications, pushes and recomputations, at least
 * once; consumers must be idempotent (they key on the event id).
 * A feature adds its event types and payloads here.
 */
import type { DeadlineUnit } from './calendar';
import type { DeadlineChange, DeadlineKind } from './deadlines';
import type { ProcessSignatureStep } from './processes';
import type { PurchaseOrderStatus } from './purchase-orders';

/** Who may see the process: everything a consumer needs to notify only users with access. */
export interface ProcessEventBase {
  processId: string;
  subject: string;
  confidential: boolean;
  /** User ids with access to a confidential process (empty when not confidential). */
  confidentialAccess: string[];
  currentDepartment: string;
  originDepartment: string;
  createdBy: string;
  /** Internal requester (a system user), if any. */
  requesterUserId: string | null;
  actorId: string;
  actorName: string;
}

/** A purchase order event: enough to notify the requester or the reviewers and refresh open lists. */
export interface PurchaseOrderEventBase {
  orderId: string;
  orderNumber: string;
  /** The requester's department (it sees the order). */
  department: string;
  requestedBy: string;
  status: PurchaseOrderStatus;
  actorId: string;
  actorName: string;
}

export interface OutboxEventPayloads {
  'process.created': ProcessEventBase;
  'process.forwarded': ProcessEventBase & { fromDepartment: string; toDepartment: string; comment: string };
  'process.responded': ProcessEventBase;
  'process.finalized': ProcessEventBase;
  'process.confidentiality-changed': ProcessEventBase & {
    /**
     * The access list before the change (null when the process was not confidential): whoever
     * lost sight of it has figures to refresh. Absent on events written before it was carried.
     */
    previousAccess?: string[] | null;
  };
  'process.deleted': ProcessEventBase;
  /**
   * A deadline was set, suspended, resumed or extended through its own route (docs/deadlines.md);
   * `due` is the deadline's last day after the change, `setBy` whoever set it (told of an extension).
   */
  'process.deadline-changed': ProcessEventBase & {
    change: DeadlineChange;
    deadlineKind: DeadlineKind;
    due: string;
    unit: DeadlineUnit;
    setBy: string | null;
    /** A return deadline's asking and asked departments (their open pages refresh); empty otherwise. */
    deadlineDepartments: string[];
    /** Days of the extension; null for other changes. */
    days: number | null;
    /** The extension's justification; null for other changes (and for events written before it was carried). */
    justification?: string | null;
  };
  /**
   * A signature step of a document linked to the process entered its history (docs/documents.md#signature-requests):
   * open pages of the process reload; nobody is notified and the dashboard's activity does not count it.
   */
  'process.signature-step': ProcessEventBase & { documentId: string; step: ProcessSignatureStep };
  /** `confidential`: the notification names no subject (docs/documents.md#signature-requests). */
  'document.signature-requested': {
    documentId: string;
    title: string;
    confidential: boolean;
    signerId: string;
    actorId: string;
    /** The open signature block asking this signer for this document: told once per block, not here. */
    blockId?: string | null;
  };
  /** Everybody signed: the requester and the document's creator are told (never the last signer). */
  'document.signature-completed': {
    documentId: string;
    title: string;
    confidential: boolean;
    requesterId: string;
    createdBy: string;
    actorId: string;
  };
  /** A block was sent: each signer is told once for all its documents (docs/documents.md#signature-blocks). */
  'signature-block.requested': {
    blockId: string;
    name: string;
    documentCount: number;
    signerId: string;
    /** 0 for the first signer; later signers sign after the earlier ones. */
    position: number;
    signerCount: number;
    actorId: string;
  };
  /** A signer refused: the request stopped; the requester is told, the others' inboxes refresh. */
  'document.signature-refused': {
    documentId: string;
    title: string;
    confidential: boolean;
    requesterId: string;
    signerId: string;
    signerName: string;
    reason: string;
    /** Who still had to sign (their pending lists change). */
    signerIds: string[];
  };
  /** Signers no longer asked (request cancelled, signer removed): their pending lists refresh. */
  'document.signature-withdrawn': { documentId: string; signerIds: string[]; actorId: string };
  'document.signed': { documentId: string; title: string; signerId: string; signerName: string; createdBy: string };
  /** A report or export a user queued is ready to download. */
  'export.ready': { userId: string; title: string; link: string; exportId?: string };
  /** A report export a user queued failed for good (after its retry); `message` is the spec's alert. */
  'export.failed': { userId: string; title: string; message: string; exportId: string };
  /**
   * Processes were written in bulk (the demo seed, an import) without their one-by-one events: the
   * dashboard aggregates are recomputed.
   */
  'processes.imported': { count: number; source: string };
  'purchase-order.created': PurchaseOrderEventBase;
  'purchase-order.status-changed': PurchaseOrderEventBase & { fromStatus: PurchaseOrderStatus; reviewComments: string };
}
export type OutboxEventType = keyof OutboxEventPayloads;

export interface OutboxEvent<T extends OutboxEventType = OutboxEventType> {
  id: string;
  type: T;
  payload: OutboxEventPayloads[T];
  createdAt: string;
}
