import { Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { AuditAction } from '#server/contracts/audit';
import { PROCESS_HISTORY_ACTIONS, type ProcessSignatureStep } from '#server/contracts/processes';
import type { DocumentEntity } from '#server/database/entities/index';
import type { Tx } from '#server/database/transactions';
import { AuditService } from '#server/modules/audit/audit.service';
import { OutboxService } from '#server/outbox/outbox.service';
import { ProcessActivityRepository } from '#server/repositories/process-activity.repository';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { processEventBase } from '#server/modules/processes/process-event-base';

export type SignatureStep = ProcessSignatureStep;

export interface SignatureStepEntry {
  step: SignatureStep;
  /** What the process history adds to the document's number (signers, reason); never for a confidential document. */
  detail?: string;
  audit: { action?: AuditAction; description: string; details?: Record<string, unknown> };
}

export type HistoryDocument = Pick<DocumentEntity, 'id' | 'title' | 'protocolNumber' | 'confidential' | 'processId'>;

/**
 * Every step of a signature request (docs/documents.md#signature-requests, History): an audit entry
 * of the document and, when the document is linked to a process, an entry of the process history,
 * shown to whoever may see the process, with a `process.signature-step` event so the process's open
 * pages reload live. A confidential document is named there by its number only.
 */
@Injectable()
export class SignatureHistoryService {
  /** Last entry time per transaction: steps of one transaction keep their order in the history. */
  private readonly lastAt = new WeakMap<Tx, number>();

  constructor(
    private readonly audit: AuditService,
    private readonly activityLog: ProcessActivityRepository,
    private readonly processes: ProcessesRepository,
    private readonly outbox: OutboxService,
  ) {}

  async record(tx: Tx, doc: HistoryDocument, actor: AuthUser, meta: RequestMeta, entry: SignatureStepEntry) {
    const { action = 'update', ...audit } = entry.audit;
    await this.audit.record({ action, entityType: 'document', entityId: doc.id, actor, meta, ...audit }, tx);
    if (!doc.processId) return;
    await this.activityLog.insertHistory(
      {
        processId: doc.processId,
        date: this.nextDate(tx),
        action: PROCESS_HISTORY_ACTIONS[entry.step],
        fromDepartment: null,
        toDepartment: null,
        comment: historyComment(doc, entry.detail),
        userId: actor.id,
        userName: actor.name,
        userDepartment: actor.department,
      },
      tx,
    );
    const process = await this.processes.getById(doc.processId, tx);
    await this.outbox.add(tx, 'process.signature-step', {
      ...(await processEventBase(this.processes, tx, process, actor)),
      documentId: doc.id,
      step: entry.step,
    });
  }

  private nextDate(tx: Tx): Date {
    const at = Math.max(Date.now(), (this.lastAt.get(tx) ?? 0) + 1);
    this.lastAt.set(tx, at);
    return new Date(at);
  }
}

function historyComment(doc: HistoryDocument, detail: string | undefined): string {
  if (doc.confidential) return `Documento sigiloso ${doc.protocolNumber}.`;
  return `Documento ${doc.protocolNumber} ("${doc.title}").${detail ? ` ${detail}` : ''}`;
}
