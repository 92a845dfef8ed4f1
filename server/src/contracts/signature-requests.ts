/**
 * Signature requests and the 'Assinaturas pendentes' inbox (docs/documents.md#signature-requests).
 *
 * Routes (under /api, Bearer token; every error body is ApiError with a pt-BR message):
 * - POST   /documents/:id/signature-requests  CreateSignatureRequest -> 201 SignatureRequestView
 *          (the document's manager; 409 while another request is open)
 * - POST   /documents/:id/refuse              RefuseSignatureRequest -> DocumentView (a pending signer)
 * - POST   /signature-requests/:id/cancel     -> DocumentView (the requester, the document's manager, admins)
 * - POST   /signature-requests/:id/signers    AddSignersRequest -> SignatureRequestView (same people)
 * - DELETE /signature-requests/:id/signers/:userId -> SignatureRequestView (a signer who has not signed)
 * - GET    /signatures/pending?processId=&requesterId=  -> DocumentView[] awaiting the caller's
 *          signature, by deadline then age (alias: GET /documents/pending-signatures)
 * The document reply carries the latest request in `signatureRequest` and its signers in `signingFlow`.
 */
import { z } from 'zod';
import { deadlineInputSchema, processDeadlineSchema } from './deadlines';
import { FIELDS } from './schema-fields';

const { uuid, text, dateTime, count, typed, optional, firstQueryText } = FIELDS;

export const SIGNATURE_ORDERS = ['sequential', 'parallel'] as const;
export type SignatureOrder = (typeof SIGNATURE_ORDERS)[number];
export const SIGNATURE_ORDER_LABELS: Record<SignatureOrder, string> = {
  sequential: 'Sequencial (um após o outro)',
  parallel: 'Paralela (todos ao mesmo tempo)',
};

/** 'refused': a signer refused, which stops the request. */
export const SIGNATURE_REQUEST_STATUSES = ['open', 'completed', 'cancelled', 'refused'] as const;
export type SignatureRequestStatus = (typeof SIGNATURE_REQUEST_STATUSES)[number];
export const SIGNATURE_REQUEST_STATUS_LABELS: Record<SignatureRequestStatus, string> = {
  open: 'Em andamento',
  completed: 'Concluída',
  cancelled: 'Cancelada',
  refused: 'Recusada',
};

/** 'waiting': a sequential request's signer whose turn has not come. */
export const SIGNER_STATES = ['pending', 'waiting', 'signed', 'refused'] as const;
export type SignerState = (typeof SIGNER_STATES)[number];
export const SIGNER_STATE_LABELS: Record<SignerState, string> = {
  pending: 'Aguardando assinatura',
  waiting: 'Aguardando a vez',
  signed: 'Assinado',
  refused: 'Recusado',
};

export const SIGNATURE_REQUEST_MAX_SIGNERS = 20;
export const SIGNATURE_MESSAGE_MAX_LENGTH = 1000;
export const SIGNATURE_REFUSAL_MAX_LENGTH = 1000;

export const SIGNATURE_REQUEST_MESSAGES = {
  signersRequired: 'Informe ao menos um signatário.',
  signerInvalid: 'Signatário inválido: informe o id de um usuário ou {department} para a Chefia de um departamento.',
  tooManySigners: `Uma solicitação aceita no máximo ${SIGNATURE_REQUEST_MAX_SIGNERS} signatários.`,
  duplicateSigner: 'Um usuário aparece mais de uma vez entre os signatários.',
  unknownSigner: 'Signatário não encontrado ou inativo.',
  noChefia: (department: string) => `O departamento ${department} não tem Chefia ativa para assinar.`,
  orderInvalid: 'Ordem inválida: use sequential (sequencial) ou parallel (paralela).',
  messageTooLong: `A mensagem pode ter no máximo ${SIGNATURE_MESSAGE_MAX_LENGTH} caracteres.`,
  reasonRequired: 'Informe o motivo da recusa.',
  reasonTooLong: `O motivo da recusa pode ter no máximo ${SIGNATURE_REFUSAL_MAX_LENGTH} caracteres.`,
  outsideConfidential: (names: string) =>
    `Documento sigiloso: adicione ${names} à lista de acesso antes de solicitar a assinatura.`,
  mayNotRequest: 'Apenas o autor do documento ou um administrador pode solicitar assinaturas.',
  mayNotManage: 'Apenas quem solicitou as assinaturas ou um administrador pode alterar a solicitação.',
  alreadyOpen: 'Já existe uma solicitação de assinaturas em andamento para este documento.',
  notOpen: 'Esta solicitação de assinaturas já foi encerrada.',
  documentClosed: 'Documento assinado ou rejeitado não recebe solicitações de assinatura.',
  notFound: 'Solicitação de assinaturas não encontrada.',
  notASigner: 'Você não está entre os signatários pendentes deste documento.',
  alreadyInRequest: 'O usuário já está entre os signatários desta solicitação.',
  alreadySigned: (names: string) => `${names} já assinou este documento.`,
  signerNotInRequest: 'Este usuário não está entre os signatários desta solicitação.',
  signerAlreadySigned: 'Quem já assinou não pode ser removido da solicitação.',
  lastSigner: 'A solicitação precisa de ao menos um signatário: cancele-a em vez de remover o último.',
  requested: 'Assinaturas solicitadas com sucesso!',
  refused: 'Assinatura recusada.',
  cancelled: 'Solicitação de assinaturas cancelada.',
  filterInvalid: 'Filtro inválido: informe o id do processo ou do solicitante.',
} as const;
const M = SIGNATURE_REQUEST_MESSAGES;

/** A signer: a user's id, or `{department}` for that department's Chefia (resolved when asked). */
export const signerInputSchema = z.union(
  [z.guid(M.signerInvalid), z.strictObject({ department: z.string().trim().min(1, M.signerInvalid) })],
  typed(M.signerInvalid),
);
export type SignerInput = z.output<typeof signerInputSchema>;

const signerListSchema = z
  .array(signerInputSchema, typed(M.signersRequired))
  .min(1, M.signersRequired)
  .max(SIGNATURE_REQUEST_MAX_SIGNERS, M.tooManySigners);

/** POST /documents/:id/signature-requests. */
export const createSignatureRequestSchema = z.strictObject({
  signers: signerListSchema,
  order: z.enum(SIGNATURE_ORDERS, M.orderInvalid),
  deadline: optional(deadlineInputSchema),
  message: optional(z.string().trim().max(SIGNATURE_MESSAGE_MAX_LENGTH, M.messageTooLong)),
});
export type CreateSignatureRequest = z.input<typeof createSignatureRequestSchema>;

/** POST /signature-requests/:id/signers: appended after the current signers. */
export const addSignersSchema = z.strictObject({ signers: signerListSchema });
export type AddSignersRequest = z.input<typeof addSignersSchema>;

/** POST /documents/:id/refuse. */
export const refuseSignatureSchema = z.strictObject({
  reason: z
    .string(typed(M.reasonRequired))
    .trim()
    .min(1, M.reasonRequired)
    .max(SIGNATURE_REFUSAL_MAX_LENGTH, M.reasonTooLong),
});
export type RefuseSignatureRequest = z.input<typeof refuseSignatureSchema>;

/** GET /signatures/pending filters: a process's id, a requester's user id. */
export const pendingSignaturesQuerySchema = z.object({
  processId: z.preprocess(firstQueryText, z.string().max(40, M.filterInvalid).optional()),
  requesterId: z.preprocess(firstQueryText, z.guid(M.filterInvalid).optional()),
});
export type PendingSignaturesQuery = z.output<typeof pendingSignaturesQuerySchema>;

/** A signature deadline as it reads today (docs/deadlines.md#states): a process deadline's facts without a kind. */
export const signatureDeadlineSchema = processDeadlineSchema.omit({ kind: true }).meta({ id: 'SignatureDeadline' });
export type SignatureDeadline = z.infer<typeof signatureDeadlineSchema>;

export const signingFlowEntryViewSchema = z
  .strictObject({
    userId: uuid,
    userName: text,
    userDepartment: text,
    position: count,
    state: z.enum(SIGNER_STATES),
    signed: z.boolean(),
    signedAt: dateTime.nullable(),
    refusalReason: text.nullable(),
    refusedAt: dateTime.nullable(),
  })
  .meta({ id: 'SigningFlowEntry' });
export type SigningFlowEntryView = z.infer<typeof signingFlowEntryViewSchema>;

export const signatureRequestSummarySchema = z
  .strictObject({
    id: uuid,
    order: z.enum(SIGNATURE_ORDERS),
    status: z.enum(SIGNATURE_REQUEST_STATUSES),
    requestedBy: uuid,
    requestedByName: text,
    message: text,
    deadline: signatureDeadlineSchema.nullable(),
    createdAt: dateTime,
    closedAt: dateTime.nullable(),
  })
  .meta({ id: 'SignatureRequestSummary' });
export type SignatureRequestSummary = z.infer<typeof signatureRequestSummarySchema>;

export const signatureRequestViewSchema = z
  .strictObject({
    ...signatureRequestSummarySchema.shape,
    documentId: uuid,
    signers: z.array(signingFlowEntryViewSchema),
  })
  .meta({ id: 'SignatureRequestView' });
export type SignatureRequestView = z.infer<typeof signatureRequestViewSchema>;
