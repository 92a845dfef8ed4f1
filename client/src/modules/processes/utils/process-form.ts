import {
  type CreateProcessRequest,
  createProcessSchema,
  type ExternalRequesterView,
  parseContract,
  PROCESS_MESSAGES,
  type ProtocolPriority,
  type ProtocolStatus,
  type ProtocolType,
  type UserLookup,
} from '@contracts';
import { localIsoDate } from '@contracts';
import { fieldProblem, type FieldProblem } from '@/ui/field-problem';
import {
  deadlineProblem,
  EMPTY_DEADLINE,
  toDeadlineRequest,
  type DeadlineFormValues,
} from '@/modules/deadlines/utils/deadline-form';

/** Who the requester of a new process is (docs/processes.md#creation Process creation form). */
export const REQUESTER_MODES = ['creator', 'user', 'external', 'new'] as const;
export type RequesterMode = (typeof REQUESTER_MODES)[number];

export const REQUESTER_MODE_LABELS: Record<RequesterMode, string> = {
  creator: 'Eu mesmo (criador)',
  user: 'Usuário do sistema',
  external: 'Solicitante externo cadastrado',
  new: 'Novo solicitante externo',
};

/** Origin department shown when the creator has none (docs/processes.md#creation). */
export const UNDEFINED_DEPARTMENT = 'Não definido';

export interface NewRequesterFields {
  name: string;
  document: string;
  phone: string;
  email: string;
  department: string;
  /** 'Receber atualizações por e-mail' (docs/processes.md#updates-by-e-mail): sent only with an e-mail. */
  emailUpdates: boolean;
}

/** Everything the requester block holds; switching mode resets it to EMPTY_REQUESTER. */
export interface RequesterFields {
  requesterUserId: string;
  requesterExternal: ExternalRequesterView | null;
  newRequester: NewRequesterFields;
}

export interface ProcessFormValues extends RequesterFields {
  title: string;
  description: string;
  destinationDepartment: string;
  confidential: boolean;
  confidentialAccess: string[];
  protocolType: ProtocolType;
  protocolStatus: ProtocolStatus;
  protocolPriority: ProtocolPriority;
  requesterMode: RequesterMode;
  /**
   * The process deadline (docs/deadlines.md#process-deadlines), optional: the form's one 'Prazo'
   * (days or a date), sent as `deadline`, never as the protocol's `dueDate`.
   */
  deadline: DeadlineFormValues;
}

export const EMPTY_REQUESTER: RequesterFields = {
  requesterUserId: '',
  requesterExternal: null,
  newRequester: { name: '', document: '', phone: '', email: '', department: '', emailUpdates: false },
};

/** Defaults of docs/processes.md#fields Form enumerations: internal, pending, normal. */
export const INITIAL_PROCESS_FORM: ProcessFormValues = {
  title: '',
  description: '',
  destinationDepartment: '',
  confidential: false,
  confidentialAccess: [],
  protocolType: 'internal',
  protocolStatus: 'pending',
  protocolPriority: 'normal',
  requesterMode: 'creator',
  deadline: EMPTY_DEADLINE,
  ...EMPTY_REQUESTER,
};

/** The server checks the same rules with the same texts (PROCESS_MESSAGES); the rest are the form's own. */
export const PROCESS_FORM_MESSAGES = {
  title: PROCESS_MESSAGES.titleRequired,
  description: PROCESS_MESSAGES.descriptionRequired,
  destination: PROCESS_MESSAGES.destinationRequired,
  confidentialUsers: PROCESS_MESSAGES.confidentialNeedsUser,
  requesterUser: 'Por favor, selecione o usuário solicitante.',
  requesterExternal: 'Por favor, selecione um solicitante externo cadastrado.',
  requesterName: PROCESS_MESSAGES.requesterNameRequired,
  requesterDocument: PROCESS_MESSAGES.requesterDocumentRequired,
  requesterPhone: PROCESS_MESSAGES.requesterPhoneRequired,
  userWithoutPhone: 'Atenção: O telefone do usuário selecionado precisa ser preenchido.',
  externalIncomplete:
    'Atenção: Este solicitante não possui CPF/CNPJ ou telefone cadastrado. As informações obrigatórias podem precisar ser atualizadas.',
} as const;

const blank = (value: string) => value.trim() === '';
/** The fields of the creation form a validation message can point at. */
export type ProcessFormField =
  | 'title'
  | 'description'
  | 'destinationDepartment'
  | 'confidentialAccess'
  | 'requesterUserId'
  | 'requesterExternal'
  | 'requesterName'
  | 'requesterDocument'
  | 'requesterPhone'
  | 'deadline';

type ProcessFormProblem = FieldProblem<ProcessFormField>;
const M = PROCESS_FORM_MESSAGES;

/** The form field of each path the contract's createProcessSchema may name. */
const FORM_FIELD: Record<string, ProcessFormField> = {
  subject: 'title',
  description: 'description',
  destinationDepartment: 'destinationDepartment',
  confidentialAccess: 'confidentialAccess',
  name: 'requesterName',
  document: 'requesterDocument',
  phone: 'requesterPhone',
  requesterExternal: 'requesterExternal',
  requesterId: 'requesterUserId',
};
/** The server's checks answered before the form's own requester choice. */
const BEFORE_REQUESTER: readonly ProcessFormField[] = [
  'title',
  'description',
  'destinationDepartment',
  'confidentialAccess',
];

/** The form's own rule: the "system user" and "registered external" modes need a choice. */
function requesterChoiceProblem(values: ProcessFormValues): ProcessFormProblem | null {
  if (values.requesterMode === 'user' && !values.requesterUserId)
    return fieldProblem('requesterUserId', M.requesterUser);
  if (values.requesterMode === 'external' && !values.requesterExternal) {
    return fieldProblem('requesterExternal', M.requesterExternal);
  }
  return null;
}

/**
 * The first failing rule, in the order of docs/processes.md#validation, with its field; null when
 * the form may be sent. The server's own checks (the contract's createProcessSchema, the due date
 * against the browser's today) run on the request the form would send; the form adds its requester
 * choice. The form sends no attachments in the payload (files travel as multipart).
 */
export function validateProcessForm(values: ProcessFormValues, today: Date): ProcessFormProblem | null {
  const day = localIsoDate(today);
  const schema = createProcessSchema(() => day, 0);
  const result = parseContract(schema, buildCreateProcessRequest(values, ''));
  const server = result.ok
    ? null
    : fieldProblem(
        result.path[0] === 'deadline' ? 'deadline' : (FORM_FIELD[String(result.path.at(-1) ?? '')] ?? 'title'),
        result.message,
      );
  if (server && BEFORE_REQUESTER.includes(server.field)) return server;
  const deadline = deadlineProblem(values.deadline, day);
  return requesterChoiceProblem(values) ?? server ?? (deadline ? fieldProblem('deadline', deadline) : null);
}

/** Non-blocking warnings about the chosen requester (docs/processes.md#validation). */
export function processFormWarnings(values: ProcessFormValues, users: readonly UserLookup[]): string[] {
  if (values.requesterMode === 'user' && values.requesterUserId) {
    const user = users.find((candidate) => candidate._id === values.requesterUserId);
    return user && blank(user.phone ?? '') ? [PROCESS_FORM_MESSAGES.userWithoutPhone] : [];
  }
  if (values.requesterMode === 'external' && values.requesterExternal) {
    const { document, phone } = values.requesterExternal;
    return blank(document ?? '') || blank(phone ?? '') ? [PROCESS_FORM_MESSAGES.externalIncomplete] : [];
  }
  return [];
}

/** The checkbox counts only while the new requester has an e-mail (docs/processes.md#updates-by-e-mail). */
export const mayReceiveEmailUpdates = (requester: NewRequesterFields) => !blank(requester.email);

/** Switching the requester mode clears whatever the previous mode had filled in. */
export function withRequesterMode(values: ProcessFormValues, mode: RequesterMode): ProcessFormValues {
  return { ...values, ...EMPTY_REQUESTER, newRequester: { ...EMPTY_REQUESTER.newRequester }, requesterMode: mode };
}

const optional = (value: string) => (blank(value) ? undefined : value.trim());

/** The creation payload of docs/processes.md#fields (one requester field at most; none = the creator). */
export function buildCreateProcessRequest(values: ProcessFormValues, originDepartment: string): CreateProcessRequest {
  const subject = values.title.trim();
  const request: CreateProcessRequest = {
    subject,
    description: values.description.trim(),
    originDepartment,
    destinationDepartment: values.destinationDepartment,
    confidential: values.confidential,
    protocolData: {
      type: values.protocolType,
      status: values.protocolStatus,
      priority: values.protocolPriority,
      subject,
    },
  };
  const deadline = toDeadlineRequest(values.deadline);
  if (deadline) request.deadline = deadline;
  if (values.confidential) request.confidentialAccess = [...values.confidentialAccess];
  if (values.requesterMode === 'user') request.requesterId = values.requesterUserId;
  if (values.requesterMode === 'external' && values.requesterExternal) {
    request.requesterExternal = values.requesterExternal._id;
  }
  if (values.requesterMode === 'new') {
    const { name, document, phone, email, department, emailUpdates } = values.newRequester;
    request.requester = {
      name: name.trim(),
      document: document.trim(),
      phone: phone.trim(),
      email: optional(email),
      department: optional(department),
      emailUpdates: emailUpdates && mayReceiveEmailUpdates(values.newRequester),
    };
    request.isNewRequester = true;
  }
  return request;
}
