/**
 * The pt-BR validation texts both sides check (docs/interface.md#messages): the server's DTOs and
 * services answer 400 with them, and the client's forms show the same text before sending.
 * The limits they mention are the rule constants of the contract files next to this one.
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth';
import { DOCUMENT_DESCRIPTION_MAX_LENGTH, DOCUMENT_TITLE_MAX_LENGTH } from './documents';
import { PROCESS_SUBJECT_MAX_LENGTH, PROCESS_TEXT_MAX_LENGTH } from './processes';
import { TEMPLATE_FONTS, TEMPLATE_MARGIN_MAX_CM, TEMPLATE_TITLE_MAX_LENGTH } from './templates';
import { DEPARTMENT_NAME_MAX_LENGTH } from './users';

/** 20000 → '20.000' (no Intl: the same text in Node and in every browser). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export const AUTH_MESSAGES = {
  usernameRequired: 'Informe o usuário.',
  passwordRequired: 'Informe a senha.',
  currentPasswordRequired: 'Informe a senha atual.',
  newPasswordTooShort: `A nova senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  newPasswordTooLong: `A nova senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`,
  newPasswordBlank: 'A nova senha não pode ser formada só por espaços.',
  /** docs/sessions.md#validation, temporary password screen. */
  passwordsDiffer: 'As senhas não coincidem.',
} as const;

/** docs/accounts.md#validation: the account settings and the profile. */
export const ACCOUNT_MESSAGES = {
  allFieldsRequired: 'Por favor, preencha todos os campos.',
  emailsDiffer: 'Os emails não correspondem. Por favor, verifique e tente novamente.',
  passwordsDiffer: 'As senhas não correspondem. Por favor, verifique e tente novamente.',
  passwordRequired: 'Informe sua senha.',
  newEmailRequired: 'Informe o novo e-mail.',
  invalidEmail: 'Informe um e-mail válido.',
  fullNameRequired: 'O nome completo é obrigatório.',
} as const;

/** docs/accounts.md#validation: users and departments screens. */
export const USER_MESSAGES = {
  requiredFields: 'Por favor, preencha todos os campos obrigatórios.',
  invalidEmail: ACCOUNT_MESSAGES.invalidEmail,
  departmentNameRequired: 'Nome do departamento é obrigatório',
  departmentNameTooLong: `O nome do departamento deve ter no máximo ${DEPARTMENT_NAME_MAX_LENGTH} caracteres.`,
} as const;

/** docs/processes.md#validation: process creation (in the order it is checked) and the process actions. */
export const PROCESS_MESSAGES = {
  titleRequired: 'O título é obrigatório',
  descriptionRequired: 'A descrição é obrigatória',
  destinationRequired: 'O setor de destino é obrigatório',
  confidentialNeedsUser: 'Para processos sigilosos, selecione pelo menos um usuário com acesso.',
  requesterNameRequired: 'Por favor, informe o nome do solicitante.',
  requesterDocumentRequired: 'Por favor, informe o CPF/CNPJ do solicitante.',
  requesterPhoneRequired: 'Por favor, informe o telefone do solicitante.',
  dueDateInvalid: 'A data de vencimento é inválida.',
  dueDateBeforeToday: 'A data de vencimento não pode ser anterior à data de hoje.',
  protocolDataInvalid: 'Dados do protocolo inválidos.',
  titleTooLong: `O título deve ter no máximo ${PROCESS_SUBJECT_MAX_LENGTH} caracteres.`,
  descriptionTooLong: `A descrição deve ter no máximo ${thousands(PROCESS_TEXT_MAX_LENGTH)} caracteres.`,
  confidentialAccessList: 'O campo "confidentialAccess" deve ser uma lista de identificadores de usuário.',
  requesterNotFound: 'Solicitante não encontrado.',
  externalRequesterNotFound: 'Solicitante externo não encontrado.',
  payloadNotJson: 'O campo "data" deve conter os dados do processo em JSON.',
  forwardFieldsRequired: 'Por favor, preencha todos os campos para encaminhar o processo.',
  responseRequired: 'Por favor, adicione uma resposta.',
  responseTooLong: `A resposta deve ter no máximo ${thousands(PROCESS_TEXT_MAX_LENGTH)} caracteres.`,
  finalNoteRequired: 'Por favor, adicione uma observação final.',
  attachmentRequired: 'Por favor, selecione um arquivo para anexar.',
  /** The confidentiality panel of an existing process. */
  confidentialAccessRequired: 'É necessário selecionar pelo menos um usuário para acesso ao processo sigiloso.',
} as const;

/** docs/documents.md#validation: documents and signatures. */
export const DOCUMENT_MESSAGES = {
  titleRequired: 'Por favor, informe um título para o documento.',
  titleTooLong: `O título pode ter no máximo ${DOCUMENT_TITLE_MAX_LENGTH} caracteres.`,
  descriptionTooLong: `A descrição pode ter no máximo ${DOCUMENT_DESCRIPTION_MAX_LENGTH} caracteres.`,
  contentRequired: 'Por favor, informe o conteúdo do documento.',
  contentNotText: 'O conteúdo do documento deve ser um texto.',
  signingPasswordRequired: 'Por favor, informe sua senha para continuar.',
  certificateRequired: 'Por favor, selecione um certificado digital.',
} as const;

/** The header search (GET /search). */
export const SEARCH_MESSAGES = {
  queryRequired: 'Informe o que deseja buscar.',
} as const;

/** docs/templates.md#validation "Template form" and the uploads of the template editor (docs/templates.md#api). */
export const TEMPLATE_MESSAGES = {
  titleRequired: 'O título do template é obrigatório.',
  titleTooLong: `O título do template deve ter no máximo ${TEMPLATE_TITLE_MAX_LENGTH} caracteres.`,
  contentRequired: 'O conteúdo do template é obrigatório.',
  contentTooLong: 'O conteúdo do template é grande demais.',
  typeInvalid: 'Tipo de template inválido: use document, header, footer ou section.',
  categoryInvalid: 'Categoria inválida: use general, requisition, memo, contract, office ou report.',
  formatInvalid: 'Formato de documento inválido: use html, docx ou hybrid.',
  pageSizeInvalid: 'Tamanho de página inválido: use A4, Letter ou Legal.',
  measureInvalid: `Margens e alturas devem ser números entre 0 e ${TEMPLATE_MARGIN_MAX_CM} cm, em passos de 0,1 cm.`,
  colorInvalid: 'As cores devem estar no formato #rrggbb.',
  fontInvalid: `Fonte indisponível: use ${TEMPLATE_FONTS.join(', ')}.`,
  organizationInvalid: 'Os dados da organização são inválidos.',
  formattingInvalid: 'A formatação da página é inválida.',
  emailInvalid: 'Informe um e-mail válido para a organização.',
  baseDocumentNotFound: 'Documento base não encontrado. Envie o arquivo .docx novamente.',
  logoNotFound: 'Logo não encontrado. Envie a imagem novamente.',
  uploadTypeInvalid: 'Tipo de envio inválido: use template-base, organization-logo ou template-image.',
  fileRequired: 'Por favor, selecione um arquivo para enviar.',
  docxOnly: 'O documento base deve ser um arquivo .docx válido.',
  docxRefused: (reason: string) => `O documento base (DOCX) foi recusado: ${reason}`,
  imageOnly: 'O arquivo selecionado não é uma imagem válida (PNG, JPEG, GIF ou WebP).',
  templateIdInvalid: 'Template não encontrado.',
} as const;
