import type {
  CreateProcessRequest,
  ExternalRequesterView,
  ProtocolPriority,
  ProtocolStatus,
  ProtocolType,
  UserLookup,
} from '@contracts';
import { localIsoDate } from './local-date';

/** Who the requester of a new process is (spec 1 §2 Process creation form). */
export const REQUESTER_MODES = ['creator', 'user', 'external', 'new'] as const;
export type RequesterMode = (typeof REQUESTER_MODES)[number];

export const REQUESTER_MODE_LABELS: Record<RequesterMode, string> = {
  creator: 'Eu mesmo (criador)',
  user: 'Usuário do sistema',
  external: 'Solicitante externo cadastrado',
  new: 'Novo solicitante externo',
};

/** Origin department shown when the creator has none (spec 1 §2). */
export const UNDEFINED_DEPARTMENT = 'Não definido';

export interface NewRequesterFields {
  name: string;
  document: string;
  phone: string;
  email: string;
  department: string;
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
  /** YYYY-MM-DD or ''. */
  dueDate: string;
  requesterMode: RequesterMode;
}

export const EMPTY_REQUESTER: RequesterFields = {
  requesterUserId: '',
  requesterExternal: null,
  newRequester: { name: '', document: '', phone: '', email: '', department: '' },
};

/** Defaults of spec 1 §3 Form enumerations: internal, pending, normal. */
export const INITIAL_PROCESS_FORM: ProcessFormValues = {
  title: '',
  description: '',
  destinationDepartment: '',
  confidential: false,
  confidentialAccess: [],
  protocolType: 'internal',
  protocolStatus: 'pending',
  protocolPriority: 'normal',
  dueDate: '',
  requesterMode: 'creator',
  ...EMPTY_REQUESTER,
};

export const PROCESS_FORM_MESSAGES = {
  title: 'O título é obrigatório',
  description: 'A descrição é obrigatória',
  destination: 'O setor de destino é obrigatório',
  confidentialUsers: 'Para processos sigilosos, selecione pelo menos um usuário com acesso.',
  requesterUser: 'Por favor, selecione o usuário solicitante.',
  requesterExternal: 'Por favor, selecione um solicitante externo cadastrado.',
  requesterName: 'Por favor, informe o nome do solicitante.',
  requesterDocument: 'Por favor, informe o CPF/CNPJ do solicitante.',
  requesterPhone: 'Por favor, informe o telefone do solicitante.',
  dueDate: 'A data de vencimento não pode ser anterior à data atual.',
  userWithoutPhone: 'Atenção: O telefone do usuário selecionado precisa ser preenchido.',
  externalIncomplete:
    'Atenção: Este solicitante não possui CPF/CNPJ ou telefone cadastrado. As informações obrigatórias podem precisar ser atualizadas.',
} as const;

const blank = (value: string) => value.trim() === '';

/** The first failing rule, in the order of spec 1 §5, or null when the form may be sent. */
export function validateProcessForm(values: ProcessFormValues, today: Date): string | null {
  if (blank(values.title)) return PROCESS_FORM_MESSAGES.title;
  if (blank(values.description)) return PROCESS_FORM_MESSAGES.description;
  if (blank(values.destinationDepartment)) return PROCESS_FORM_MESSAGES.destination;
  if (values.confidential && values.confidentialAccess.length === 0) return PROCESS_FORM_MESSAGES.confidentialUsers;
  if (values.requesterMode === 'user' && !values.requesterUserId) return PROCESS_FORM_MESSAGES.requesterUser;
  if (values.requesterMode === 'external' && !values.requesterExternal) return PROCESS_FORM_MESSAGES.requesterExternal;
  if (values.requesterMode === 'new') {
    if (blank(values.newRequester.name)) return PROCESS_FORM_MESSAGES.requesterName;
    if (blank(values.newRequester.document)) return PROCESS_FORM_MESSAGES.requesterDocument;
    if (blank(values.newRequester.phone)) return PROCESS_FORM_MESSAGES.requesterPhone;
  }
  if (values.dueDate && values.dueDate < localIsoDate(today)) return PROCESS_FORM_MESSAGES.dueDate;
  return null;
}

/** Non-blocking warnings about the chosen requester (spec 1 §5). */
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

/** Switching the requester mode clears whatever the previous mode had filled in. */
export function withRequesterMode(values: ProcessFormValues, mode: RequesterMode): ProcessFormValues {
  return { ...values, ...EMPTY_REQUESTER, newRequester: { ...EMPTY_REQUESTER.newRequester }, requesterMode: mode };
}

const optional = (value: string) => (blank(value) ? undefined : value.trim());

/** The creation payload of spec 1 §3 (one requester field at most; none = the creator). */
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
      dueDate: values.dueDate || null,
      subject,
    },
  };
  if (values.confidential) request.confidentialAccess = [...values.confidentialAccess];
  if (values.requesterMode === 'user') request.requesterId = values.requesterUserId;
  if (values.requesterMode === 'external' && values.requesterExternal) {
    request.requesterExternal = values.requesterExternal._id;
  }
  if (values.requesterMode === 'new') {
    const { name, document, phone, email, department } = values.newRequester;
    request.requester = {
      name: name.trim(),
      document: document.trim(),
      phone: phone.trim(),
      email: optional(email),
      department: optional(department),
    };
    request.isNewRequester = true;
  }
  return request;
}
