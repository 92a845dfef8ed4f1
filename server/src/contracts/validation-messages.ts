/**
 * The pt-BR validation texts both sides check (docs/interface.md#messages): the server's DTOs and
 * services answer 400 with them, and the client's forms show the same text before sending.
 * The limits they mention are the rule constants of the contract files next to this one.
 */
import type { z } from 'zod';
import { PROCESS_SUBJECT_MAX_LENGTH, PROCESS_TEXT_MAX_LENGTH } from './process-limits';
import { USER_MESSAGES } from './users';

/** 20000 → '20.000' (no Intl: the same text in Node and in every browser). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** docs/accounts.md#validation: the account settings and the profile. */
export const ACCOUNT_MESSAGES = {
  allFieldsRequired: 'Por favor, preencha todos os campos.',
  emailsDiffer: 'Os emails não correspondem. Por favor, verifique e tente novamente.',
  passwordsDiffer: 'As senhas não correspondem. Por favor, verifique e tente novamente.',
  passwordRequired: 'Informe sua senha.',
  newEmailRequired: 'Informe o novo e-mail.',
  invalidEmail: USER_MESSAGES.invalidEmail,
  fullNameRequired: 'O nome completo é obrigatório.',
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
  emailUpdatesInvalid: 'O campo "Receber atualizações por e-mail" deve ser verdadeiro ou falso.',
  emailUpdatesNeedsEmail: 'Informe o e-mail do solicitante para que ele receba atualizações por e-mail.',
  dueDateInvalid: 'A data de vencimento é inválida.',
  dueDateBeforeToday: 'A data de vencimento não pode ser anterior à data de hoje.',
  protocolDataInvalid: 'Dados do protocolo inválidos.',
  noExternalRequester: 'Este processo não tem requerente externo: não há código de acesso nem comprovante.',
  noExternalRequesterToUpdate: 'Este processo não tem requerente externo.',
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

/** The header search (GET /search). */
export const SEARCH_MESSAGES = {
  queryRequired: 'Informe o que deseja buscar.',
} as const;

/**
 * pt-BR text of a rule that carries no message of its own, naming the field ("items.0.quantity"):
 * keyed by class-validator's constraint names, and shared with the zod schemas (fieldIssueMessage).
 */
export const FIELD_MESSAGES = {
  whitelistValidation: (f: string) => `O campo "${f}" não é permitido.`,
  isNotEmpty: (f: string) => `O campo "${f}" é obrigatório.`,
  isDefined: (f: string) => `O campo "${f}" é obrigatório.`,
  isString: (f: string) => `O campo "${f}" deve ser um texto.`,
  isBoolean: (f: string) => `O campo "${f}" deve ser verdadeiro ou falso.`,
  isInt: (f: string) => `O campo "${f}" deve ser um número inteiro.`,
  isNumber: (f: string) => `O campo "${f}" deve ser um número.`,
  isArray: (f: string) => `O campo "${f}" deve ser uma lista.`,
  isIn: (f: string) => `O valor do campo "${f}" não é válido.`,
  isEnum: (f: string) => `O valor do campo "${f}" não é válido.`,
  isUuid: (f: string) => `O campo "${f}" deve ser um identificador válido.`,
  isEmail: () => ACCOUNT_MESSAGES.invalidEmail,
  isDateString: (f: string) => `O campo "${f}" deve ser uma data válida.`,
  isIso8601: (f: string) => `O campo "${f}" deve ser uma data válida.`,
  maxLength: (f: string) => `O campo "${f}" excede o tamanho máximo permitido.`,
  minLength: (f: string) => `O campo "${f}" é curto demais.`,
  arrayMaxSize: (f: string) => `A lista "${f}" tem itens demais.`,
  arrayMinSize: (f: string) => `A lista "${f}" precisa de pelo menos um item.`,
  min: (f: string) => `O campo "${f}" está abaixo do mínimo permitido.`,
  max: (f: string) => `O campo "${f}" está acima do máximo permitido.`,
  matches: (f: string) => `O campo "${f}" está em um formato inválido.`,
  invalid: (f: string) => `O campo "${f}" é inválido.`,
} as const satisfies Record<string, (field: string) => string>;

type FieldRule = keyof typeof FIELD_MESSAGES;

const SIZE_RULES: Record<'too_big' | 'too_small', Partial<Record<string, FieldRule>>> = {
  too_big: { string: 'maxLength', array: 'arrayMaxSize', number: 'max' },
  too_small: { string: 'minLength', array: 'arrayMinSize', number: 'min' },
};
const TYPE_RULES: Partial<Record<string, FieldRule>> = {
  string: 'isString',
  boolean: 'isBoolean',
  int: 'isInt',
  number: 'isNumber',
  array: 'isArray',
};
const FORMAT_RULES: Partial<Record<string, FieldRule>> = {
  uuid: 'isUuid',
  guid: 'isUuid',
  email: 'isEmail',
  date: 'isDateString',
  datetime: 'isIso8601',
  regex: 'matches',
};

/** The rule a zod issue breaks, in FIELD_MESSAGES' terms. */
function ruleOf(issue: z.core.$ZodIssue): FieldRule {
  switch (issue.code) {
    case 'unrecognized_keys':
      return 'whitelistValidation';
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'isNotEmpty'
        : (TYPE_RULES[issue.expected] ?? 'invalid');
    case 'too_big':
    case 'too_small':
      return SIZE_RULES[issue.code][issue.origin] ?? 'invalid';
    case 'invalid_value':
      return 'isIn';
    case 'invalid_format':
      return FORMAT_RULES[issue.format] ?? 'matches';
    default:
      return 'invalid';
  }
}

/** Marks the issues whose schema gives no message of its own (the error map of parseContract). */
const NO_OWN_MESSAGE = '\u0000';

/**
 * Parses a value with a contract schema, answering its output or the pt-BR message of the first
 * issue, as the class-validator DTOs answer: the schema's own message when it gives one, else
 * FIELD_MESSAGES naming the field. Unknown fields come first, as class-validator reports them
 * before checking the known ones. The server's validation pipe and the client's forms use it; a
 * form whose page gives another order than the schema's (docs/purchase-orders.md#validation)
 * passes `rank`, and the issue of the lowest rank is answered.
 */
export function parseContract<S extends z.ZodType>(
  schema: S,
  value: unknown,
  rank: (path: PropertyKey[]) => number = () => 0,
): { ok: true; data: z.output<S> } | { ok: false; message: string; path: PropertyKey[] } {
  const result = schema.safeParse(value, { error: () => NO_OWN_MESSAGE, reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  const { issues } = result.error;
  const issue =
    issues.find((i) => i.code === 'unrecognized_keys') ??
    issues.reduce((best, i) => (rank(i.path) < rank(best.path) ? i : best));
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
  const message =
    issue.message === NO_OWN_MESSAGE ? FIELD_MESSAGES[ruleOf(issue)](path.map(String).join('.')) : issue.message;
  return { ok: false, message, path };
}
