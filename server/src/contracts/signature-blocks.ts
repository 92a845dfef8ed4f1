/**
 * Signature blocks ('Bloco de assinatura', docs/documents.md#signature-blocks): a named set of
 * documents, from one or several processes, sent to the same signers, who sign them all with one
 * password entry or one certificate.
 *
 * - GET  /signature-blocks             -> SignatureBlockSummary[] (blocks the caller created or must sign)
 * - POST /signature-blocks             CreateSignatureBlockRequest -> SignatureBlockView (201)
 * - GET  /signature-blocks/:id         -> SignatureBlockView (404 unless creator or signer)
 * - POST /signature-blocks/:id/sign    SignDocumentRequest (JSON password, or multipart with the
 *                                      `certificate` file) -> SignBlockResponse; progress per document
 *                                      on the socket event `signature-block:progress`
 */
import { z } from 'zod';
import { SIGNING_FLOW_MAX_SIGNERS } from './documents';
import { FIELDS } from './schema-fields';

const { text, uuid, dateTime, count, typed, missing } = FIELDS;

export const SIGNATURE_BLOCK_NAME_MAX_LENGTH = 120;
/** Most documents in one block: a day's acts, signed within one request (docs/documents.md#signature-blocks). */
export const SIGNATURE_BLOCK_MAX_DOCUMENTS = 100;

export const SIGNATURE_BLOCK_STATUSES = ['open', 'completed'] as const;
export type SignatureBlockStatus = (typeof SIGNATURE_BLOCK_STATUSES)[number];
export const SIGNATURE_BLOCK_STATUS_LABELS: Record<SignatureBlockStatus, string> = {
  open: 'Em assinatura',
  completed: 'Concluído',
};

/** A signer's outcome on one document of a block. */
export const BLOCK_RESULT_STATES = ['pending', 'signed', 'failed'] as const;
export type BlockResultState = (typeof BLOCK_RESULT_STATES)[number];
export const BLOCK_RESULT_STATE_LABELS: Record<BlockResultState, string> = {
  pending: 'Pendente',
  signed: 'Assinado',
  failed: 'Falhou',
};

export const SIGNATURE_BLOCK_MESSAGES = {
  notFound: 'Bloco de assinatura não encontrado.',
  nameRequired: 'Informe o nome do bloco de assinatura.',
  nameTooLong: `O nome do bloco deve ter no máximo ${SIGNATURE_BLOCK_NAME_MAX_LENGTH} caracteres.`,
  documentsRequired: 'Inclua ao menos um documento no bloco.',
  tooManyDocuments: `Um bloco aceita no máximo ${SIGNATURE_BLOCK_MAX_DOCUMENTS} documentos.`,
  documentInvalid: 'Documento inválido no bloco.',
  duplicateDocument: 'Um documento aparece mais de uma vez no bloco.',
  documentNotFound: 'Documento do bloco não encontrado.',
  signersRequired: 'Informe ao menos um signatário.',
  tooManySigners: `Um bloco aceita no máximo ${SIGNING_FLOW_MAX_SIGNERS} signatários.`,
  signerInvalid: 'Signatário inválido.',
  duplicateSigner: 'Um signatário aparece mais de uma vez no bloco.',
  signerNotFound: 'Signatário não encontrado ou inativo.',
  notDocumentManager: 'Inclua no bloco apenas documentos de que você é autor.',
  notASigner: 'Você não é signatário deste bloco.',
  allSigned: (signed: number) => `Assinatura em bloco concluída: ${signed} documento(s) assinado(s).`,
  signedWithFailures: (signed: number, failed: number) =>
    `Assinatura em bloco concluída: ${signed} documento(s) assinado(s), ${failed} com falha.`,
  timeUp: 'O tempo desta assinatura em bloco se esgotou antes deste documento. Assine novamente para concluir.',
} as const;
const M = SIGNATURE_BLOCK_MESSAGES;

const distinct = (ids: string[]) => new Set(ids).size === ids.length;

export const createSignatureBlockSchema = z.strictObject({
  name: z
    .string(missing(M.nameRequired))
    .trim()
    .min(1, M.nameRequired)
    .max(SIGNATURE_BLOCK_NAME_MAX_LENGTH, M.nameTooLong),
  documentIds: z
    .array(z.guid(M.documentInvalid), typed(M.documentsRequired))
    .min(1, M.documentsRequired)
    .max(SIGNATURE_BLOCK_MAX_DOCUMENTS, M.tooManyDocuments)
    .refine(distinct, M.duplicateDocument),
  /** Users, in signing order. */
  signers: z
    .array(z.guid(M.signerInvalid), typed(M.signersRequired))
    .min(1, M.signersRequired)
    .max(SIGNING_FLOW_MAX_SIGNERS, M.tooManySigners)
    .refine(distinct, M.duplicateSigner),
});
export type CreateSignatureBlockRequest = z.input<typeof createSignatureBlockSchema>;

const personSchema = z.strictObject({ id: uuid, name: text, department: text });

export const blockSignerResultSchema = z.strictObject({
  userId: uuid,
  state: z.enum(BLOCK_RESULT_STATES),
  reason: text.nullable(),
  signedAt: dateTime.nullable(),
});
export type BlockSignerResult = z.infer<typeof blockSignerResultSchema>;

export const signatureBlockDocumentSchema = z
  .strictObject({
    documentId: uuid,
    position: count,
    /**
     * False when the caller may not see the document (e.g. a confidential one): title, protocol
     * number and process are then null, never shown.
     */
    visible: z.boolean(),
    title: text.nullable(),
    protocolNumber: text.nullable(),
    processName: text.nullable(),
    /** Each block signer's outcome on this document, in signing order. */
    results: z.array(blockSignerResultSchema),
  })
  .meta({ id: 'SignatureBlockDocument' });
export type SignatureBlockDocument = z.infer<typeof signatureBlockDocumentSchema>;

const summaryShape = {
  id: uuid,
  name: text,
  status: z.enum(SIGNATURE_BLOCK_STATUSES),
  createdBy: personSchema,
  createdAt: dateTime,
  updatedAt: dateTime,
  documentCount: count,
  /** Documents every block signer has signed. */
  signedCount: count,
  /** Whether the caller is one of its signers, and how many of its documents await them. */
  isSigner: z.boolean(),
  myPendingCount: count,
};

export const signatureBlockSummarySchema = z.strictObject(summaryShape).meta({ id: 'SignatureBlockSummary' });
export type SignatureBlockSummary = z.infer<typeof signatureBlockSummarySchema>;

export const signatureBlockViewSchema = z
  .strictObject({
    ...summaryShape,
    signers: z.array(personSchema),
    documents: z.array(signatureBlockDocumentSchema),
  })
  .meta({ id: 'SignatureBlockView' });
export type SignatureBlockView = z.infer<typeof signatureBlockViewSchema>;

/** One document's outcome of a sign call; `alreadySigned` when an earlier (or concurrent) call signed it. */
export const blockSignResultSchema = z.strictObject({
  documentId: uuid,
  state: z.enum(['signed', 'failed']),
  reason: text.nullable(),
  alreadySigned: z.boolean(),
});
export type BlockSignResult = z.infer<typeof blockSignResultSchema>;

export const signBlockResponseSchema = z
  .strictObject({
    message: z.string().min(1),
    signed: count,
    failed: count,
    results: z.array(blockSignResultSchema),
    block: signatureBlockViewSchema,
  })
  .meta({ id: 'SignBlockResponse' });
export type SignBlockResponse = z.infer<typeof signBlockResponseSchema>;

/** Socket event `signature-block:progress`, to the signer's own room, after each document. */
export interface SignatureBlockProgressPayload {
  blockId: string;
  result: BlockSignResult;
  done: number;
  total: number;
}
