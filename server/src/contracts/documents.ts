/**
 * Standalone documents, signatures and public verification (docs/documents.md#fields "Standalone document",
 * signatures, certificates; docs/documents.md#api).
 *
 * - GET    /documents?q=&processId=&documentType=  -> DocumentView[] (only what the caller may see)
 * - GET    /documents/pending-signatures         -> DocumentView[] (alias of GET /signatures/pending)
 * - GET    /documents/:id                        -> DocumentView (404 when not visible)
 * - POST   /documents                CreateDocumentRequest -> DocumentView (a .txt named after the title;
 *                                    with `templateId`, `content` is HTML and the file is the PDF the
 *                                    worker renders from it with the template's format and header)
 * - GET    /documents/:id/docx       the filled DOCX of a document made from a docx/hybrid template
 * - POST   /documents/upload         multipart `file`, optional `departmentAccess` (JSON list),
 *                                    `confidential`, `confidentialAccess` (JSON list), `processId`
 * - PATCH  /documents/:id/status     UpdateDocumentStatusRequest -> DocumentView
 * - PUT    /documents/:id/signing-flow  SetSigningFlowRequest -> DocumentView (a sequential signature
 *                                    request; an empty list cancels the open one)
 * - POST   /documents/:id/sign       SignDocumentRequest (JSON for password; multipart with the
 *                                    `certificate` .p12/.pfx file and `certificatePassword` for
 *                                    a qualified signature) -> SignDocumentResponse
 * - POST   /documents/certificates/inspect  multipart `certificate`, `certificatePassword`
 *                                    -> CertificateInfo (nothing is stored)
 * - GET    /documents/:id/verify/:code   (public)  -> VerificationResult
 * - GET    /documents/:id/verify/:code/file (public) -> the signed PDF, else the signed file
 * - File bytes: GET /uploads/:fileName?token=, GET/PUT /uploads/:fileName/content (text types).
 */
import { z } from 'zod';
import { FIELDS, IGNORED_ACTOR_FIELDS } from './schema-fields';
import { FIELD_MESSAGES } from './validation-messages';
import { signatureRequestSummarySchema, signingFlowEntryViewSchema } from './signature-requests';

const { typed, text, count, uuid, dateTime, optional, trimmed, multipartJson, textFlag } = FIELDS;

export const DOCUMENT_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'signed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Badge labels (docs/documents.md#viewer /documents); draft is not shown as a badge. */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: 'Rascunho',
  submitted: 'Enviado',
  approved: 'Aprovado',
  rejected: 'Rejeitado',
  signed: 'Assinado',
};

export const SIGNATURE_TYPES = ['simple', 'qualified'] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];

/** The authentication method (the spec calls it certificateType): password or certificate. */
export const SIGNATURE_METHODS = ['password', 'certificate'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** Read from the signer's A1 certificate (docs/documents.md#fields Certificate). */
export const certificateInfoSchema = z
  .strictObject({
    subject: text,
    issuer: text,
    serialNumber: text,
    validFrom: dateTime,
    validTo: dateTime,
    type: z.literal('A1'),
  })
  .meta({ id: 'CertificateInfo' });
export type CertificateInfo = z.infer<typeof certificateInfoSchema>;

const publicSignatureShape = {
  /** Signer's name at signing time. */
  userName: text,
  userDepartment: text,
  date: dateTime,
  signatureType: z.enum(SIGNATURE_TYPES),
  certificateType: z.enum(SIGNATURE_METHODS),
  /** SHA-256 (hex) of the exact bytes signed: the stored file, or the signed PDF up to this signature. */
  hashValue: text.describe('SHA-256 em hexadecimal'),
  certificate: certificateInfoSchema.nullable(),
};

export const signatureViewSchema = z
  .strictObject({ ...publicSignatureShape, id: uuid, userId: uuid })
  .meta({ id: 'SignatureView' });
export type SignatureView = z.infer<typeof signatureViewSchema>;

/** Public facts about one signature: no user ids, no content. */
export const publicSignatureViewSchema = z.strictObject(publicSignatureShape).meta({ id: 'PublicSignatureView' });
export type PublicSignatureView = z.infer<typeof publicSignatureViewSchema>;

/** A document's type as a document shows it (docs/documents.md#types); the list is in document-types.ts. */
export const documentTypeRefSchema = z
  .strictObject({ id: uuid, name: text, minimumLevel: z.enum(SIGNATURE_TYPES) })
  .meta({ id: 'DocumentTypeRef' });
export type DocumentTypeRef = z.infer<typeof documentTypeRefSchema>;

export const documentViewSchema = z
  .strictObject({
    _id: uuid,
    id: uuid,
    /** The file's name (e.g. "Ofício 12.txt"). */
    name: text,
    title: text,
    description: text,
    protocolNumber: text,
    status: z.enum(DOCUMENT_STATUSES),
    department: text,
    departmentAccess: z.array(text),
    confidential: z.boolean(),
    confidentialAccess: z.array(uuid),
    /** The linked process and its subject, only when the caller may see that process (else null). */
    processId: text.nullable(),
    processName: text.nullable(),
    createdBy: uuid,
    createdByName: text,
    createdAt: dateTime,
    updatedAt: dateTime,
    /** Stored file name for /uploads/{fileName}; fileUrl is that path under the API base. */
    fileName: text,
    fileUrl: text,
    mimeType: text,
    size: count,
    /** Lower-case extension without the dot ("txt", "pdf"). */
    extension: text,
    /** True when the content may still be edited (a .txt without signatures). */
    editable: z.boolean(),
    /** True when a qualified signature has produced a signed PDF (download through verification). */
    hasSignedPdf: z.boolean(),
    signatures: z.array(signatureViewSchema),
    /** The signers of the latest signature request (docs/documents.md#signature-requests), in order. */
    signingFlow: z.array(signingFlowEntryViewSchema),
    /** The latest signature request (open, or how the last one ended); null when none was made. */
    signatureRequest: signatureRequestSummarySchema.nullable(),
    /** Issued with the first signature; opens the public verification page. */
    verificationCode: text.nullable(),
    /** Whether the caller may sign now (their turn, document not signed or rejected). */
    canSign: z.boolean(),
    /** The template it was made from (null for other documents, or once that template is deleted). */
    templateId: uuid.nullable(),
    /** Stored name of the filled DOCX (documents from a docx/hybrid template with a base), else null. */
    docxFileName: text.nullable(),
    /** Its type; null for documents made before types existed or made without one. */
    documentType: documentTypeRefSchema.nullable(),
    /** The lowest signature level that signs it: its type's minimum, else 'simple' (docs/documents.md#types). */
    requiredSignatureLevel: z.enum(SIGNATURE_TYPES),
  })
  .meta({ id: 'DocumentView' });
export type DocumentView = z.infer<typeof documentViewSchema>;

/** GET /documents and /documents/pending-signatures. */
export const documentListSchema = z.array(documentViewSchema);

export const DOCUMENT_TITLE_MAX_LENGTH = 200;
export const DOCUMENT_DESCRIPTION_MAX_LENGTH = 500;
export const SIGNING_FLOW_MAX_SIGNERS = 20;

/** docs/documents.md#validation: documents and signatures. */
export const DOCUMENT_MESSAGES = {
  titleRequired: 'Por favor, informe um título para o documento.',
  titleTooLong: `O título pode ter no máximo ${DOCUMENT_TITLE_MAX_LENGTH} caracteres.`,
  descriptionTooLong: `A descrição pode ter no máximo ${DOCUMENT_DESCRIPTION_MAX_LENGTH} caracteres.`,
  contentRequired: 'Por favor, informe o conteúdo do documento.',
  contentNotText: 'O conteúdo do documento deve ser um texto.',
  signingPasswordRequired: 'Por favor, informe sua senha para continuar.',
  certificateRequired: 'Por favor, selecione um certificado digital.',
  fileRequired: 'Por favor, selecione um arquivo para enviar.',
  accessUserInvalid: 'Usuário inválido na lista de acesso.',
  signatureTypeInvalid: 'Tipo de assinatura inválido.',
  signatureMethodInvalid: 'Método de autenticação inválido.',
  signerInvalid: 'Usuário inválido no fluxo de assinatura.',
  tooManySigners: `O fluxo de assinatura aceita no máximo ${SIGNING_FLOW_MAX_SIGNERS} signatários.`,
  documentTypeInvalid: 'Tipo de documento inválido.',
} as const;
const M = DOCUMENT_MESSAGES;

/** Required, trimmed (docs/documents.md#validation). */
const documentTitle = z
  .string(typed(M.titleRequired))
  .trim()
  .min(1, M.titleRequired)
  .max(DOCUMENT_TITLE_MAX_LENGTH, M.titleTooLong);
/** Names of other departments that may see the document (its creator's always may). */
const departmentAccess = z.array(z.string()).max(50);
/** Users who may see a confidential document (docs/documents.md#visibility). */
const confidentialAccess = z
  .array(z.guid(M.accessUserInvalid), M.accessUserInvalid)
  .max(200, FIELD_MESSAGES.arrayMaxSize('confidentialAccess'));
/** Only level Chefia creates a confidential document (docs/documents.md#visibility). */
const confidential = z.boolean().describe('Documento sigiloso (somente nível Chefia).');
/** A process the creator can see and act on (its NUP number); the document keeps only the link. */
const processId = z.string().max(40);
/** The id of an active document type (docs/documents.md#types). */
const documentType = z.guid(M.documentTypeInvalid);
/** Accepted, ignored: a new document belongs to its creator's department. */
const department = z.string().max(120);

/**
 * POST /documents. Besides the fields used, the spec's client sends `status`, `department`,
 * `protocolNumber` and `createdBy` (docs/documents.md#api): accepted and ignored, since a new
 * document is always a draft of the creator's department, numbered by the server and created by
 * the session.
 */
export const createDocumentSchema = z.strictObject({
  title: documentTitle,
  /** May be empty; with `templateId` it is HTML and needs visible text. */
  content: z.string(typed(M.contentNotText)),
  /** Shown in lists; when absent, the first 100 characters of the content. */
  description: optional(trimmed(DOCUMENT_DESCRIPTION_MAX_LENGTH, M.descriptionTooLong)),
  status: optional(z.enum(DOCUMENT_STATUSES)),
  department: optional(department),
  protocolNumber: optional(z.string().max(40)),
  departmentAccess: optional(departmentAccess),
  confidential: optional(confidential),
  confidentialAccess: optional(confidentialAccess),
  processId: optional(processId),
  /**
   * Creates the document from a template the caller is offered (any other text is a 404): `content`
   * is then HTML (the template's content as edited), its placeholders are filled and it is
   * sanitised; the stored file is the rendered PDF, which is not editable as text afterwards.
   */
  templateId: optional(z.string().max(40)),
  documentType: optional(documentType),
  ...IGNORED_ACTOR_FIELDS,
});
export type CreateDocumentRequest = z.input<typeof createDocumentSchema>;

/**
 * Text fields of the multipart POST /documents/upload (the file is in field `file`): the lists as
 * JSON text, the flag as "true"/"false"; `uploadedBy` and `department` (docs/documents.md#api) are
 * ignored.
 */
export const uploadDocumentSchema = z.strictObject({
  /** Defaults to the file's name without its extension. */
  title: optional(trimmed(DOCUMENT_TITLE_MAX_LENGTH, M.titleTooLong)),
  departmentAccess: multipartJson(optional(departmentAccess)),
  confidential: textFlag(optional(confidential)),
  confidentialAccess: multipartJson(optional(confidentialAccess)),
  processId: optional(processId),
  documentType: optional(documentType),
  department: optional(department),
  ...IGNORED_ACTOR_FIELDS,
});

/** Text field of the multipart POST /documents/certificates/inspect (the file is `certificate`). */
export const inspectCertificateSchema = z.strictObject({
  certificatePassword: optional(z.string().max(200)),
});
export type InspectCertificateRequest = z.input<typeof inspectCertificateSchema>;

/** PUT /documents/:id/signing-flow: the signers, in order. */
export const setSigningFlowSchema = z.strictObject({
  userIds: z.array(z.guid(M.signerInvalid), M.signerInvalid).max(SIGNING_FLOW_MAX_SIGNERS, M.tooManySigners),
});
export type SetSigningFlowRequest = z.input<typeof setSigningFlowSchema>;

/**
 * POST /documents/:id/sign: JSON for a password signature; multipart (with the `certificate` file)
 * for a qualified one. The spec's client also sends `userId`, the certificate's facts as an object
 * `certificate` and the text in base64 as `signature` (docs/documents.md#api): accepted and never
 * trusted, since the signer is the session's user, the certificate is read from the uploaded file
 * and the hash from the stored bytes.
 */
export const signDocumentSchema = z.strictObject({
  signatureType: z.enum(SIGNATURE_TYPES, M.signatureTypeInvalid),
  certificateType: z.enum(SIGNATURE_METHODS, M.signatureMethodInvalid),
  /** The user's login password (method password). */
  password: optional(z.string().max(200)),
  /** Password of the uploaded .p12/.pfx (method certificate); used for this request only. */
  certificatePassword: optional(z.string().max(200)),
  certificate: optional(z.record(z.string(), z.unknown()).describe('Ignorado: o certificado vem do arquivo enviado.')),
  signature: optional(z.string().describe('Ignorado: o hash vem do arquivo guardado.')),
  ...IGNORED_ACTOR_FIELDS,
});
export type SignDocumentRequest = z.input<typeof signDocumentSchema>;

/**
 * Body of PUT /uploads/:fileName/content (the JSON body parser stops at 2 MB as well); a content
 * that is no text answers the length rule's message, as the route always has.
 */
export const textContentRequestSchema = z.strictObject({
  content: z.string(typed(FIELD_MESSAGES.maxLength('content'))).max(2 * 1024 * 1024),
});
export type TextContentRequest = z.input<typeof textContentRequestSchema>;

/** GET /uploads/:fileName/content. */
export const textContentSchema = z.strictObject({ content: text });

/** PUT /uploads/:fileName/content. */
export const textContentSavedSchema = z.strictObject({ message: z.string().min(1), size: count });

/** Saving from the editor needs title and content (docs/documents.md#viewer). */
export const updateDocumentSchema = z.strictObject({
  title: documentTitle,
  content: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? DOCUMENT_MESSAGES.contentRequired
          : DOCUMENT_MESSAGES.contentNotText,
    })
    .min(1, DOCUMENT_MESSAGES.contentRequired),
  /** Absent: unchanged; null: none; else an active type. */
  documentType: documentType.nullable().optional(),
});
export type UpdateDocumentRequest = z.input<typeof updateDocumentSchema>;

/** GET /documents?documentType=: narrows the list to one type (docs/documents.md#types); blank is none. */
export const documentTypeFilterSchema = z.preprocess(FIELDS.firstQueryText, documentType.optional());

/** PATCH /documents/:id/status ('signed' is reached only by signing). */
export const updateDocumentStatusSchema = z.strictObject({
  status: z.enum(DOCUMENT_STATUSES).exclude(['signed'], 'Status inválido.'),
});
export type UpdateDocumentStatusRequest = z.input<typeof updateDocumentStatusSchema>;

export const signDocumentResponseSchema = z.strictObject({
  message: z.string().min(1),
  document: documentViewSchema,
  signature: signatureViewSchema,
  verificationCode: z.string().min(1),
  /** Path of the public page under the client base: /verify-signature?documentId=..&code=.. */
  verificationPath: z.string().min(1),
});
export type SignDocumentResponse = z.infer<typeof signDocumentResponseSchema>;

export const verificationResultSchema = z.union([
  z.strictObject({
    valid: z.literal(true),
    document: z.strictObject({ id: uuid, title: text, protocolNumber: text, hasSignedPdf: z.boolean() }),
    /** The most recent signature. */
    signature: publicSignatureViewSchema,
    signatures: z.array(publicSignatureViewSchema),
  }),
  z.strictObject({ valid: z.literal(false), message: z.string().min(1) }),
]);
export type VerificationResult = z.infer<typeof verificationResultSchema>;

/** The fields of a user the document rules read (AuthUser on the server, UserView in the client). */
export interface DocumentActor {
  id: string;
  role: string;
  level: string;
  department: string;
}

/** The creator and admins manage a document: content, title, signing flow, submission. */
export const canManageDocument = (doc: { createdBy: string }, user: DocumentActor) =>
  user.role === 'admin' || doc.createdBy === user.id;

/**
 * Status changes through PATCH /documents/:id/status ('signed' is reached only by signing):
 * draft → submitted and rejected → draft by whoever manages the document; submitted → approved or
 * rejected by level Chefia of the document's department, or an admin.
 */
export function statusChangeDecision(
  doc: { createdBy: string; department: string; status: DocumentStatus },
  to: DocumentStatus,
  user: DocumentActor,
): 'allowed' | 'forbidden' | 'invalid' {
  const from = doc.status;
  if ((from === 'draft' && to === 'submitted') || (from === 'rejected' && to === 'draft')) {
    return canManageDocument(doc, user) ? 'allowed' : 'forbidden';
  }
  if (from === 'submitted' && (to === 'approved' || to === 'rejected')) {
    return user.role === 'admin' || (user.level === 'Chefia' && user.department === doc.department)
      ? 'allowed'
      : 'forbidden';
  }
  return 'invalid';
}

export const INVALID_SIGNATURE_MESSAGE = 'Assinatura inválida ou não encontrada';

/** Builds the public verification path (under the client base path). */
export const verificationPath = (documentId: string, code: string) =>
  `/verify-signature?documentId=${encodeURIComponent(documentId)}&code=${encodeURIComponent(code)}`;
