import {
  type CreateDocumentRequest,
  createDocumentSchema,
  type CreateSignatureRequest,
  createSignatureRequestSchema,
  DOCUMENT_MESSAGES,
  inspectCertificateSchema,
  parseContract,
  type SignatureMethod,
  type SignatureType,
  signDocumentSchema,
  updateDocumentSchema,
} from '@contracts';
import { fieldProblem, type FieldProblem } from '@/ui/field-problem';

/** The document editor's values (a new document, or the edit of a `.txt`). */
export interface EditorValues {
  title: string;
  content: string;
  confidential: boolean;
  /** Users who may also see a confidential document (the author always may). */
  confidentialAccess: string[];
  /** Optional process to attach a new document to (its NUP number). */
  processId: string;
  /** The document type's id, '' for none (docs/documents.md#types). */
  documentType: string;
}

/** The editor of a new document: empty, not confidential, no type; linked to `processId` when given. */
export const blankEditorValues = (processId = ''): EditorValues => ({
  title: '',
  content: '',
  confidential: false,
  confidentialAccess: [],
  processId,
  documentType: '',
});

/** POST /documents from the editor's values: the access list only for a confidential document. */
export function newDocumentRequest(values: EditorValues): CreateDocumentRequest {
  return {
    title: values.title.trim(),
    content: values.content,
    confidential: values.confidential,
    confidentialAccess: values.confidential ? values.confidentialAccess : undefined,
    processId: values.processId.trim() || undefined,
    documentType: values.documentType || undefined,
  };
}

/** Fields of a document form a message is shown at; `other` is any other field of the request. */
export type DocumentFormErrors = Partial<Record<'title' | 'content' | 'processId' | 'other', string>>;

const FORM_FIELDS = new Set<PropertyKey>(['title', 'content', 'processId']);

/**
 * The server's own check of the request a document form sends (createDocumentSchema, or
 * updateDocumentSchema for an edit) with its first message at the field it names, and the content
 * a form always needs (docs/documents.md#viewer): `contentBlank` when it shows no text.
 */
function documentFormErrors(checked: ReturnType<typeof parseContract>, contentBlank: boolean): DocumentFormErrors {
  const errors: DocumentFormErrors = {};
  if (!checked.ok) {
    const field = checked.path[0];
    errors[FORM_FIELDS.has(field) ? (field as 'title' | 'content' | 'processId') : 'other'] = checked.message;
  }
  if (contentBlank) errors.content = DOCUMENT_MESSAGES.contentRequired;
  return errors;
}

/** A new document (from text or from a template): `contentBlank` when its content shows no text. */
export const newDocumentErrors = (request: CreateDocumentRequest, contentBlank: boolean) =>
  documentFormErrors(parseContract(createDocumentSchema, request), contentBlank);

/** The edit of a text document (PATCH /documents/:id). */
export const documentEditErrors = (values: EditorValues) =>
  documentFormErrors(
    parseContract(updateDocumentSchema, {
      title: values.title.trim(),
      content: values.content,
      documentType: values.documentType || null,
    }),
    !values.content.trim(),
  );

export const hasErrors = (errors: DocumentFormErrors) => Object.values(errors).some(Boolean);

/** What the signing panel sends besides the certificate file. */
export interface SigningValues {
  signatureType: SignatureType;
  certificateType: SignatureMethod;
  password: string;
  certificatePassword: string;
  hasCertificate: boolean;
}

export type SigningField = 'password' | 'certificate' | 'certificatePassword';

/**
 * What stops a signature before it is sent, at its field: the credential the method needs
 * (docs/documents.md#validation), then the server's own check of the request (signDocumentSchema).
 */
export function signingProblem(values: SigningValues): FieldProblem<SigningField> | null {
  const byPassword = values.certificateType === 'password';
  if (byPassword && !values.password) return fieldProblem('password', DOCUMENT_MESSAGES.signingPasswordRequired);
  if (!byPassword && !values.hasCertificate) {
    return fieldProblem('certificate', DOCUMENT_MESSAGES.certificateRequired);
  }
  const checked = parseContract(signDocumentSchema, {
    signatureType: values.signatureType,
    certificateType: values.certificateType,
    ...(byPassword ? { password: values.password } : { certificatePassword: values.certificatePassword }),
  });
  return checked.ok ? null : fieldProblem(byPassword ? 'password' : 'certificatePassword', checked.message);
}

/** Reading a certificate needs the file; its password passes the server's check (inspectCertificateSchema). */
export function inspectionProblem(hasCertificate: boolean, certificatePassword: string) {
  if (!hasCertificate) return fieldProblem<SigningField>('certificate', DOCUMENT_MESSAGES.certificateRequired);
  const checked = parseContract(inspectCertificateSchema, { certificatePassword });
  return checked.ok ? null : fieldProblem<SigningField>('certificatePassword', checked.message);
}

/** A signature request as POST /documents/:id/signature-requests checks it; null when valid. */
export function signatureRequestProblem(request: CreateSignatureRequest): string | null {
  const checked = parseContract(createSignatureRequestSchema, request);
  return checked.ok ? null : checked.message;
}
