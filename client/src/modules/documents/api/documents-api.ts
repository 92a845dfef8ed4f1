import type {
  AddSignersRequest,
  CertificateInfo,
  CreateDocumentRequest,
  CreateSignatureRequest,
  PendingSignaturesQuery,
  SignatureRequestView,
  DocumentStatus,
  DocumentView,
  SignatureMethod,
  SignatureType,
  SignDocumentResponse,
  VerificationResult,
} from '@contracts';
import { http } from '@/lib/http';

const docPath = (id: string, suffix = '') => `/documents/${encodeURIComponent(id)}${suffix}`;

export interface SignInput {
  signatureType: SignatureType;
  certificateType: SignatureMethod;
  password?: string;
  certificate?: File;
  certificatePassword?: string;
}

function certificateForm(file: File, password: string): FormData {
  const form = new FormData();
  form.append('certificate', file, file.name);
  form.append('certificatePassword', password);
  return form;
}

/** The body of a signing call: multipart with the certificate file, else JSON with the password. */
export function signRequestBody(input: SignInput): FormData | Omit<SignInput, 'certificate' | 'certificatePassword'> {
  if (input.certificateType === 'certificate' && input.certificate) {
    const form = certificateForm(input.certificate, input.certificatePassword ?? '');
    form.append('signatureType', input.signatureType);
    form.append('certificateType', input.certificateType);
    return form;
  }
  return { signatureType: input.signatureType, certificateType: input.certificateType, password: input.password };
}

export const documentsApi = {
  /** The visible documents matching `q`, of one type when `documentType` is not ''. */
  list: (q: string, documentType: string, signal?: AbortSignal) =>
    http.get<DocumentView[]>('/documents', { query: documentType ? { q, documentType } : { q }, signal }),
  /** The visible documents linked to one process. */
  listForProcess: (processId: string, signal?: AbortSignal) =>
    http.get<DocumentView[]>('/documents', { query: { processId }, signal }),
  /** 'Assinaturas pendentes': what awaits the caller's signature, by deadline then age. */
  pending: (filters: PendingSignaturesQuery, signal?: AbortSignal) =>
    http.get<DocumentView[]>('/signatures/pending', { query: { ...filters }, signal }),
  get: (id: string, signal?: AbortSignal) => http.get<DocumentView>(docPath(id), { signal }),
  create: (body: CreateDocumentRequest) => http.post<DocumentView>('/documents', body),
  /** A document from a template: HTML content, placeholders filled and the PDF rendered by the server. */
  createFromTemplate: (body: CreateDocumentRequest & Required<Pick<CreateDocumentRequest, 'templateId'>>) =>
    http.post<DocumentView>('/documents', body, { timeoutMs: 90_000 }),
  upload: (file: File, departmentAccess: string[], documentType: string) => {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('departmentAccess', JSON.stringify(departmentAccess));
    if (documentType) form.append('documentType', documentType);
    return http.post<DocumentView>('/documents/upload', form);
  },
  /** The editor's save; `documentType` '' clears the type. */
  update: (id: string, title: string, content: string, documentType: string) =>
    http.patch<DocumentView>(docPath(id), { title, content, documentType: documentType || null }),
  setStatus: (id: string, status: Exclude<DocumentStatus, 'signed'>) =>
    http.patch<DocumentView>(docPath(id, '/status'), { status }),
  requestSignatures: (id: string, body: CreateSignatureRequest) =>
    http.post<SignatureRequestView>(docPath(id, '/signature-requests'), body),
  refuseSignature: (id: string, reason: string) => http.post<DocumentView>(docPath(id, '/refuse'), { reason }),
  cancelSignatureRequest: (requestId: string) =>
    http.post<DocumentView>(`/signature-requests/${encodeURIComponent(requestId)}/cancel`),
  addSigners: (requestId: string, body: AddSignersRequest) =>
    http.post<SignatureRequestView>(`/signature-requests/${encodeURIComponent(requestId)}/signers`, body),
  removeSigner: (requestId: string, userId: string) =>
    http.delete<SignatureRequestView>(
      `/signature-requests/${encodeURIComponent(requestId)}/signers/${encodeURIComponent(userId)}`,
    ),
  content: (fileName: string, signal?: AbortSignal) =>
    http.get<{ content: string }>(`/uploads/${encodeURIComponent(fileName)}/content`, { signal }),
  fileUrl: (fileName: string, download = false) =>
    http.fileUrl(`/uploads/${encodeURIComponent(fileName)}`, download ? { download: 1 } : undefined),
  /** The filled DOCX of a document made from a docx or hybrid template (a link with `?token=`). */
  docxUrl: (id: string) => http.fileUrl(docPath(id, '/docx')),
  inspectCertificate: (file: File, password: string) =>
    http.post<CertificateInfo>('/documents/certificates/inspect', certificateForm(file, password)),
  sign: (id: string, input: SignInput) =>
    // Rendering a text document to PDF and signing it can take longer than a plain call.
    http.post<SignDocumentResponse>(docPath(id, '/sign'), signRequestBody(input), {
      timeoutMs: input.certificate ? 90_000 : undefined,
    }),
  verify: (id: string, code: string) =>
    http.get<VerificationResult>(`${docPath(id, '/verify/')}${encodeURIComponent(code)}`),
  /** The signed file as stored (the PAdES PDF, else the exact bytes whose SHA-256 was taken). */
  verifiedFileUrl: (id: string, code: string) => http.url(`${docPath(id, '/verify/')}${encodeURIComponent(code)}/file`),
  /** 'Baixar PDF assinado': the PAdES PDF, else the stamped copy (docs/documents.md#stamp). */
  verifiedPdfUrl: (id: string, code: string) => http.url(`${docPath(id, '/verify/')}${encodeURIComponent(code)}/pdf`),
};
