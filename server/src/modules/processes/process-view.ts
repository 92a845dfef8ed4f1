import type {
  ExternalRequesterView,
  ProcessDocumentView,
  ProcessHistoryEntryView,
  ProcessSummary,
  ProcessUserRef,
} from '#server/contracts/processes';
import type {
  ExternalRequesterEntity,
  ProcessDocumentEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
} from '#server/database/entities/index';
import type { ProcessSummaryRow } from '#server/repositories/processes.repository';

const DAY_MS = 86_400_000;

export function toProcessSummary(row: ProcessSummaryRow, now = Date.now()): ProcessSummary {
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
  };
}
