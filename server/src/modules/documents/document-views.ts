import type { AuthUser } from '#server/common/auth-user';
import type { DocumentTypeRef, DocumentView, PublicSignatureView, SignatureView } from '#server/contracts/documents';
import type {
  SignatureRequestSummary,
  SignatureRequestView,
  SigningFlowEntryView,
} from '#server/contracts/signature-requests';
import type {
  DocumentEntity,
  DocumentSignatureEntity,
  DocumentSigningFlowEntryEntity,
  DocumentTypeEntity,
  SignatureRequestEntity,
  UserEntity,
} from '#server/database/entities/index';
import { signingTurn } from '#server/domain/documents/signing-turns';
import { type DeadlineContext, deadlineReading } from '#server/domain/deadlines/deadline-state';
import { extensionOf } from '#server/domain/files/file-names';
import type { DocumentViewParts } from '#server/repositories/documents.repository';
import { canManageDocument, isContentLocked } from './document-rules';
import { requiredSignatureLevel } from './signing/signature-level.policy';

/** What anyone holding the verification code may see of a signature (no ids). */
export const toPublicSignatureView = (row: DocumentSignatureEntity): PublicSignatureView => ({
  userName: row.signerName,
  userDepartment: row.signerDepartment,
  date: row.signedAt.toISOString(),
  signatureType: row.signatureType,
  certificateType: row.certificateType,
  hashValue: row.hashValue,
  certificate: row.certificate,
});

export const toSignatureView = (row: DocumentSignatureEntity): SignatureView => ({
  id: row.id,
  userId: row.signerId,
  ...toPublicSignatureView(row),
});

type UsersById = Map<string, Pick<UserEntity, 'name' | 'department'>>;

export const toSigningFlowEntryView = (
  entry: DocumentSigningFlowEntryEntity,
  users: UsersById,
): SigningFlowEntryView => ({
  userId: entry.userId,
  userName: users.get(entry.userId)?.name ?? '',
  userDepartment: users.get(entry.userId)?.department ?? '',
  position: entry.position,
  state: entry.state,
  signed: entry.state === 'signed',
  signedAt: entry.signedAt?.toISOString() ?? null,
  refusalReason: entry.refusalReason,
  refusedAt: entry.refusedAt?.toISOString() ?? null,
});

/** A request as replies show it; its deadline reads 'met' once the request is closed. */
export function toSignatureRequestSummary(
  request: SignatureRequestEntity,
  users: UsersById,
  context: DeadlineContext,
): SignatureRequestSummary {
  const { deadlineDue: due, deadlineUnit: unit } = request;
  return {
    id: request.id,
    order: request.order,
    status: request.status,
    requestedBy: request.requestedBy,
    requestedByName: users.get(request.requestedBy)?.name ?? '',
    message: request.message,
    deadline:
      due && unit ? deadlineReading({ due, unit, status: request.status === 'open' ? 'open' : 'met' }, context) : null,
    createdAt: request.createdAt.toISOString(),
    closedAt: request.closedAt?.toISOString() ?? null,
  };
}

export const toSignatureRequestView = (
  request: SignatureRequestEntity,
  signers: DocumentSigningFlowEntryEntity[],
  users: UsersById,
  context: DeadlineContext,
): SignatureRequestView => ({
  ...toSignatureRequestSummary(request, users, context),
  documentId: request.documentId,
  signers: signers.map((entry) => toSigningFlowEntryView(entry, users)),
});

const toDocumentTypeRef = ({ id, name, minimumLevel }: DocumentTypeEntity): DocumentTypeRef => ({
  id,
  name,
  minimumLevel,
});

const group = <T, K extends keyof T>(rows: T[], key: K) => {
  const map = new Map<T[K], T[]>();
  for (const row of rows) map.set(row[key], [...(map.get(row[key]) ?? []), row]);
  return map;
};

/** Builds the views of already-authorised documents from what DocumentsRepository.findViewParts read. */
export function buildDocumentViews(
  docs: DocumentEntity[],
  parts: DocumentViewParts,
  viewer: AuthUser,
  context: DeadlineContext,
): DocumentView[] {
  const { departments, confidential, flow, signatures, files, processes } = parts;
  const users = new Map(parts.users.map((u) => [u.id, u] as const));
  const filesById = new Map(files.map((f) => [f.id, f] as const));
  const types = new Map(parts.types.map((t) => [t.id, toDocumentTypeRef(t)] as const));
  const byDoc = {
    departments: group(departments, 'documentId'),
    confidential: group(confidential, 'documentId'),
    flow: group(flow, 'requestId'),
    requests: new Map(parts.requests.map((r) => [r.documentId, r] as const)),
    signatures: group(signatures, 'documentId'),
  };

  return docs.map((doc): DocumentView => {
    const file = filesById.get(doc.fileId);
    if (!file) throw new Error(`Arquivo do documento ${doc.id} ausente.`);
    const request = byDoc.requests.get(doc.id);
    const docFlow = (request && byDoc.flow.get(request.id)) || [];
    const docSignatures = byDoc.signatures.get(doc.id) ?? [];
    const extension = extensionOf(file.storedName);
    const documentType = (doc.documentTypeId && types.get(doc.documentTypeId)) || null;
    return {
      _id: doc.id,
      id: doc.id,
      name: file.originalName,
      title: doc.title,
      description: doc.description,
      protocolNumber: doc.protocolNumber,
      status: doc.status,
      department: doc.department,
      departmentAccess: (byDoc.departments.get(doc.id) ?? []).map((d) => d.department),
      confidential: doc.confidential,
      confidentialAccess: (byDoc.confidential.get(doc.id) ?? []).map((c) => c.userId),
      processId: doc.processId !== null && processes.has(doc.processId) ? doc.processId : null,
      processName: (doc.processId !== null && processes.get(doc.processId)) || null,
      createdBy: doc.createdBy,
      createdByName: users.get(doc.createdBy)?.name ?? '',
      createdAt: doc.createdAt.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
      fileName: file.storedName,
      fileUrl: `/uploads/${file.storedName}`,
      mimeType: file.mimeType,
      size: file.sizeBytes,
      extension,
      editable: extension === 'txt' && !isContentLocked(doc, docSignatures.length) && canManageDocument(doc, viewer),
      hasSignedPdf: doc.signedPdfFileId !== null,
      signatures: docSignatures.map(toSignatureView),
      signingFlow: docFlow.map((entry) => toSigningFlowEntryView(entry, users)),
      signatureRequest: request ? toSignatureRequestSummary(request, users, context) : null,
      verificationCode: doc.verificationCode,
      canSign:
        signingTurn(
          doc,
          request?.status === 'open' ? docFlow : null,
          docSignatures.map((s) => s.signerId),
          viewer.id,
        ) === 'sign',
      templateId: doc.templateId,
      docxFileName: (doc.docxFileId && filesById.get(doc.docxFileId)?.storedName) || null,
      documentType,
      requiredSignatureLevel: requiredSignatureLevel(documentType),
    };
  });
}
