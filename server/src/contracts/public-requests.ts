import { z } from 'zod';
import { isValidCpf } from './cpf';
import { PROCESS_SUBJECT_MAX_LENGTH, PROCESS_TEXT_MAX_LENGTH } from './process-limits';
import { emailUpdatesFlag, requestTypeField } from './processes';

/*
 * Online filing by citizens (docs/processes.md#online-filing): a proof-of-work challenge, an e-mail
 * confirmed by a 6-digit code, then the request (multipart) → the new process's number and access code.
 *
 * - GET  /public/challenge                 -> the ALTCHA challenge (JSON)
 * - POST /public/email-codes {email}       -> 202 EmailCodeResponse (same reply for every address)
 * - POST /public/requests (multipart: PublicRequestFields + `files`) -> 201 PublicRequestResponse
 * - GET|PUT /settings/public-filing        -> PublicFilingSettings (admin)
 */

/** The receiving department until an admin chooses one. */
export const DEFAULT_RECEIVING_DEPARTMENT = 'Protocolo';
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 15;
export const PUBLIC_REQUEST_MAX_FILES = 5;
export const PUBLIC_REQUEST_MAX_FILE_MB = 10;
/** Extensions (as file-type detects the content) a citizen may attach. */
export const PUBLIC_REQUEST_FILE_EXTENSIONS = ['pdf', 'jpg', 'png'] as const;
/** The client route of the filing page. */
export const PUBLIC_REQUEST_PATH = '/semgi/solicitar';

export const PUBLIC_REQUEST_MESSAGES = {
  emailInvalid: 'Informe um e-mail válido.',
  nameRequired: 'Informe o seu nome.',
  cpfInvalid: 'CPF inválido. Confira os números digitados.',
  codeFormat: `Informe o código de ${EMAIL_CODE_LENGTH} dígitos enviado para o seu e-mail.`,
  codeWrong: 'Código de confirmação incorreto ou expirado. Peça um novo código.',
  subjectRequired: 'Informe o assunto.',
  descriptionRequired: 'Descreva a sua solicitação.',
  challengeRequired: 'Confirme que você não é um robô antes de enviar.',
  challengeRefused: 'A verificação anti-robô falhou ou expirou. Faça a verificação de novo.',
  tooManyFiles: `Envie no máximo ${PUBLIC_REQUEST_MAX_FILES} anexos.`,
  fileTooLarge: `Cada anexo pode ter no máximo ${PUBLIC_REQUEST_MAX_FILE_MB} MB.`,
  fileType: 'Anexe apenas arquivos PDF, JPEG ou PNG.',
  codeSent: `Se o e-mail puder receber mensagens, enviamos um código de ${EMAIL_CODE_LENGTH} dígitos. Ele vale por ${EMAIL_CODE_TTL_MINUTES} minutos.`,
  mailOff: 'O envio de e-mails não está ativo. Procure o atendimento presencial.',
  departmentRequired: 'Escolha o setor que recebe as solicitações.',
  departmentNotFound: 'Setor não encontrado.',
} as const;
const M = PUBLIC_REQUEST_MESSAGES;

const required = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);
const email = z
  .string({ error: M.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, M.emailInvalid)
  .pipe(z.email(M.emailInvalid));

/**
 * GET /public/challenge: the ALTCHA proof-of-work challenge the page solves (docs/processes.md#online-filing).
 * The library's own shape (z.object: the fields its later versions add pass).
 */
export const proofOfWorkChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  })
  .meta({ id: 'ProofOfWorkChallenge' });

export const emailCodeRequestSchema = z.strictObject({ email });
export type EmailCodeRequest = z.input<typeof emailCodeRequestSchema>;
export const emailCodeResponseSchema = z.strictObject({ message: z.string() }).meta({ id: 'EmailCodeSent' });
export type EmailCodeResponse = z.infer<typeof emailCodeResponseSchema>;

/**
 * The text fields of POST /public/requests. Only what the LGPD notice names; new kinds of request
 * (e.g. an opt-in) add their field here.
 */
export const publicRequestFieldsSchema = z.strictObject({
  name: required(200, M.nameRequired),
  cpf: z.string({ error: M.cpfInvalid }).trim().refine(isValidCpf, M.cpfInvalid),
  email,
  emailCode: z
    .string({ error: M.codeFormat })
    .trim()
    .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), M.codeFormat),
  phone: z.string().trim().max(30, 'Use no máximo 30 caracteres.').optional().default(''),
  subject: required(PROCESS_SUBJECT_MAX_LENGTH, M.subjectRequired),
  description: required(PROCESS_TEXT_MAX_LENGTH, M.descriptionRequired),
  /** A standard request or an access-to-information one (docs/processes.md#access-to-information-requests). */
  requestType: requestTypeField,
  /** Updates by e-mail when the process moves (docs/processes.md#updates-by-e-mail); off unless asked. */
  emailUpdates: emailUpdatesFlag.optional().default(false),
  /** The ALTCHA payload (base64 JSON of the challenge and its solution). */
  altcha: z.string({ error: M.challengeRequired }).min(1, M.challengeRequired).max(4000, M.challengeRefused),
});
export type PublicRequestFields = z.input<typeof publicRequestFieldsSchema>;

export const publicRequestResponseSchema = z
  .strictObject({ number: z.string(), code: z.string() })
  .meta({ id: 'PublicRequestFiled' });
export type PublicRequestResponse = z.infer<typeof publicRequestResponseSchema>;

const publicFilingSettingsShape = { receivingDepartment: required(100, M.departmentRequired) };
/** PUT /settings/public-filing body (no component id: the OpenAPI document names the reply, whose shape it shares). */
export const publicFilingSettingsRequestSchema = z.strictObject(publicFilingSettingsShape);
export const publicFilingSettingsSchema = z
  .strictObject(publicFilingSettingsShape)
  .meta({ id: 'PublicFilingSettings' });
export type PublicFilingSettings = z.infer<typeof publicFilingSettingsSchema>;
