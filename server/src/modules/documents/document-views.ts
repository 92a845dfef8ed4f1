import type { AuthUser } from '#server/common/auth-user';
import type {
  DocumentTypeRef,
  DocumentView,
  PublicSignatureView,
  SignatureView,
  SigningFlowEntryView,
} from '#server/contracts/documents';
import type {
  DocumentEntity,
  DocumentSignatureEntity,
  DocumentSigningFlowEntryEntity,
  DocumentTypeEntity,
} from '#server/database/entities/index';
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

/** Whose turn it is: the first unsigned entry of the flow; without a flow, the creator's. */
export function currentSignerId(
  doc: Pick<DocumentEntity, 'status' | 'createdBy'>,
  flow: Pick<DocumentSigningFlowEntryEntity, 'userId' | 'signed' | 'position'>[],
  signatures: Pick<DocumentSignatureEntity, 'signerId'>[],
): string | null {
  if (doc.status === 'signed' || doc.status === 'rejected') return null;
  if (flow.length > 0) return [...flow].sort((a, b) => a.position - b.position).find((e) => !e.signed)?.userId ?? null;
  return signatures.some((s) => s.signerId === doc.createdBy) ? null : doc.createdBy;
}

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
export function buildDocumentViews(docs: DocumentEntity[], parts: DocumentViewParts, viewer: AuthUser): DocumentView[] {
  const { departments, confidential, flow, signatures, files, processes } = parts;
  const users = new Map(parts.users.map((u) => [u.id, u] as const));
  const filesById = new Map(files.map((f) => [f.id, f] as const));
  const types = new Map(parts.types.map((t) => [t.id, toDocumentTypeRef(t)] as const));
  const byDoc = {
    departments: group(departments, 'documentId'),
    confidential: group(confidential, 'documentId'),
    flow: group(flow, 'documentId'),
    signatures: group(signatures, 'documentId'),
  };

  return docs.map((doc): DocumentView => {
    const file = filesById.get(doc.fileId);
    if (!file) throw new Error(`Arquivo do documento ${doc.id} ausente.`);
    const docFlow = byDoc.flow.get(doc.id) ?? [];
    const docSignatures = byDoc.signatures.get(doc.id) ?? [];
    const extension = extensionOf(file.storedName);
    const documentType = (doc.documentTypeId && types.get(doc.documentTypeId)) || null;
    const signingFlow = docFlow.map((entry): SigningFlowEntryView => ({
      userId: entry.userId,
      userName: users.get(entry.userId)?.name ?? '',
      userDepartment: users.get(entry.userId)?.department ?? '',
      position: entry.position,
      signed: entry.signed,
      signedAt: entry.signedAt?.toISOString() ?? null,
    }));
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
      signingFlow,
      verificationCode: doc.verificationCode,
      canSign: currentSignerId(doc, docFlow, docSignatures) === viewer.id,
      templateId: doc.templateId,
      docxFileName: (doc.docxFileId && filesById.get(doc.docxFileId)?.storedName) || null,
      documentType,
      requiredSignatureLevel: requiredSignatureLevel(documentType),
    };
  });
}
