import {
  type ExternalRequesterView,
  PROCESS_HISTORY_ACTIONS,
  type ProcessDocumentView,
  type ProcessHistoryEntryView,
  type ProcessSummary,
  type ProcessUserRef,
  type ProcessView,
} from '#server/contracts/processes';
import type {
  ExternalRequesterEntity,
  ProcessDocumentEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
} from '#server/database/entities/index';
import type { ProcessDeadlineDetail } from '#server/contracts/deadlines';
import type { ProcessSummaryRow } from '#server/repositories/processes.repository';
import type { ProcessDeadlineWithSetter } from '#server/repositories/process-deadlines.repository';
import type { CalendarContext, DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { type DeadlineContext, processDeadline } from '#server/domain/deadlines/deadline-state';
import type { Tx } from '#server/database/transactions';

const DAY_MS = 86_400_000;

/** A list row as replies carry it; `deadlines` states its deadline (DeadlineClock.context of the rows' dues). */
export function toProcessSummary(row: ProcessSummaryRow, deadlines: DeadlineContext, now = Date.now()): ProcessSummary {
  return {
    _id: row.id,
    id: row.id,
    subject: row.subject,
    description: row.description,
    status: row.status,
    currentDepartment: row.current_department,
    originDepartment: row.origin_department,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastUpdate: row.last_update.toISOString(),
    createdBy: row.created_by_name
      ? { _id: row.created_by, name: row.created_by_name, department: row.created_by_department ?? '' }
      : null,
    confidential: row.confidential,
    requestType: row.request_type,
    daysSinceUpdate: Math.max(0, Math.floor((now - row.last_update.getTime()) / DAY_MS)),
    protocol: row.protocol_type
      ? {
          type: row.protocol_type,
          status: row.protocol_status!,
          priority: row.protocol_priority!,
          dueDate: row.protocol_due_date,
          subject: row.protocol_subject ?? row.subject,
        }
      : null,
    deadline:
      row.deadline_kind && row.deadline_unit && row.deadline_due && row.deadline_status
        ? processDeadline(
            { kind: row.deadline_kind, unit: row.deadline_unit, due: row.deadline_due, status: row.deadline_status },
            deadlines,
          )
        : null,
  };
}

/**
 * Rows as replies carry them, their deadlines stated as of the clock's today: with `known` (the
 * context the rows were filtered with) when it covers their due days, else one calendar read for all.
 */
export async function toProcessSummaries(
  rows: ProcessSummaryRow[],
  clock: DeadlineClock,
  tx?: Tx,
  known?: CalendarContext,
): Promise<ProcessSummary[]> {
  const context = await clock.contextFor(
    rows.map((row) => row.deadline_due),
    known,
    tx,
  );
  const now = clock.now().getTime();
  return rows.map((row) => toProcessSummary(row, context, now));
}

/** One deadline of the details page. */
export function toDeadlineDetail(deadline: ProcessDeadlineWithSetter, context: DeadlineContext): ProcessDeadlineDetail {
  const { kind, unit, dueDate: due, status } = deadline;
  return {
    ...processDeadline({ kind, unit, due, status }, context),
    id: deadline.id,
    days: deadline.days,
    startDate: deadline.startDate,
    fromDepartment: deadline.fromDepartment,
    toDepartment: deadline.toDepartment,
    setBy: userRef(deadline.setBy, deadline.setByName, deadline.setByDepartment),
    setAt: deadline.setAt.toISOString(),
    suspendedAt: deadline.suspendedAt?.toISOString() ?? null,
    suspendReason: deadline.suspendReason,
    extensions: deadline.extensions,
    extendedDays: deadline.extendedDays,
    maxExtensions: deadline.maxExtensions,
    maxExtensionDays: deadline.maxExtensionDays,
    metAt: deadline.metAt?.toISOString() ?? null,
    metLate: deadline.metLate,
  };
}

const userRef = (id: string | null, name: string | null, department: string | null): ProcessUserRef | null =>
  id && name ? { _id: id, name, department: department ?? '' } : null;

export function toHistoryView(entry: ProcessHistoryEntity): ProcessHistoryEntryView {
  return {
    _id: entry.id,
    date: entry.date.toISOString(),
    from: entry.fromDepartment,
    to: entry.toDepartment,
    comment: entry.comment,
    action: entry.action,
    user: userRef(entry.userId, entry.userName, entry.userDepartment),
  };
}

export function toDocumentView(doc: ProcessDocumentEntity, storedName: string): ProcessDocumentView {
  return {
    _id: doc.id,
    id: doc.id,
    name: doc.name,
    path: `/uploads/${storedName}`,
    size: doc.size,
    mimeType: doc.mimeType,
    uploadDate: doc.uploadDate.toISOString(),
    uploadedBy: userRef(doc.uploadedBy, doc.uploadedByName, doc.uploadedByDepartment),
    context: doc.context,
  };
}

export const responseAuthor = (response: ProcessResponseEntity) =>
  userRef(response.userId, response.userName, response.userDepartment);

export function toExternalRequesterView(requester: ExternalRequesterEntity): ExternalRequesterView {
  return {
    _id: requester.id,
    id: requester.id,
    name: requester.name,
    document: requester.document,
    phone: requester.phone,
    email: requester.email,
    department: requester.department,
    emailUpdates: requester.emailUpdates,
  };
}

/** The department a process was created into (the receipt's 'Setor de recebimento'). */
export const receivingDepartmentOf = (view: Pick<ProcessView, 'history' | 'currentDepartment'>): string =>
  view.history.find((h) => h.action === PROCESS_HISTORY_ACTIONS.created)?.to ?? view.currentDepartment;
