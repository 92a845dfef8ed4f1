import { BadRequestException } from '@nestjs/common';
import { isUUID } from 'class-validator';
import {
  type NewExternalRequesterInput,
  PROTOCOL_PRIORITIES,
  PROTOCOL_STATUSES,
  PROTOCOL_TYPES,
  type ProtocolPriority,
  type ProtocolStatus,
  type ProtocolType,
} from '../../contracts/processes';

/**
 * Parsing of the bodies that may arrive as JSON or as multipart text fields, with the spec's
 * messages in the spec's order (spec 1 §5). Unknown fields are ignored here.
 */
export type RequesterChoice =
  | { kind: 'creator' }
  | { kind: 'user'; userId: string }
  | { kind: 'external'; requesterId: string }
  | {
      kind: 'new-external';
      requester: Required<Pick<NewExternalRequesterInput, 'name' | 'document' | 'phone'>> & {
        email: string | null;
        department: string | null;
      };
    };

export interface CreateProcessInput {
  subject: string;
  description: string;
  destinationDepartment: string;
  confidential: boolean;
  confidentialAccess: string[];
  protocol: {
    type: ProtocolType;
    status: ProtocolStatus;
    priority: ProtocolPriority;
    dueDate: string | null;
    subject: string;
  } | null;
  requester: RequesterChoice;
}

const bad = (message: string) => new BadRequestException(message);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const optionalStr = (v: unknown, max = 200): string | null => str(v).slice(0, max) || null;
const truthy = (v: unknown) => v === true || v === 'true';

/** A multipart body carries the JSON payload in field `data`; a JSON body is the payload itself. */
export function unwrapPayload(body: unknown): Record<string, unknown> {
  if (isObject(body) && typeof body.data === 'string') {
    try {
      const parsed: unknown = JSON.parse(body.data);
      if (isObject(parsed)) return parsed;
    } catch {
      /* reported below */
    }
    throw bad('O campo "data" deve conter os dados do processo em JSON.');
  }
  if (isObject(body)) return body;
  throw bad('Dados inválidos.');
}

export function userIdList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && isUUID(id))) {
    throw bad(`O campo "${field}" deve ser uma lista de identificadores de usuário.`);
  }
  return [...new Set(value as string[])];
}

/** Today as YYYY-MM-DD in the server's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function parseDueDate(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = str(value).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    throw bad('A data de vencimento é inválida.');
  }
  if (text < todayIso()) throw bad('A data de vencimento não pode ser anterior à data de hoje.');
  return text;
}

function oneOf<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string' && (list as readonly string[]).includes(value)) return value as T;
  throw bad('Dados do protocolo inválidos.');
}

function parseRequester(payload: Record<string, unknown>): RequesterChoice {
  if (truthy(payload.isNewRequester) || (isObject(payload.requester) && truthy(payload.requester.isNewRequester))) {
    const r = isObject(payload.requester) ? payload.requester : {};
    const name = str(r.name);
    if (!name) throw bad('Por favor, informe o nome do solicitante.');
    const document = str(r.document);
    if (!document) throw bad('Por favor, informe o CPF/CNPJ do solicitante.');
    const phone = str(r.phone);
    if (!phone) throw bad('Por favor, informe o telefone do solicitante.');
    return {
      kind: 'new-external',
      requester: {
        name: name.slice(0, 200),
        document: document.slice(0, 30),
        phone: phone.slice(0, 30),
        email: optionalStr(r.email),
        department: optionalStr(r.department),
      },
    };
  }
  const external = str(payload.requesterExternal);
  if (external) {
    if (!isUUID(external)) throw bad('Solicitante externo não encontrado.');
    return { kind: 'external', requesterId: external };
  }
  const userId = str(payload.requesterId);
  if (userId) {
    if (!isUUID(userId)) throw bad('Solicitante não encontrado.');
    return { kind: 'user', userId };
  }
  return { kind: 'creator' };
}

/** The creation payload (spec 1 §3), checked in the order of spec 1 §5. */
export function parseCreateProcess(body: unknown, { requireProtocol = false } = {}): CreateProcessInput {
  const payload = unwrapPayload(body);
  const subject = str(payload.subject ?? payload.title);
  if (!subject) throw bad('O título é obrigatório');
  const description = str(payload.description);
  if (!description) throw bad('A descrição é obrigatória');
  const destinationDepartment = str(payload.destinationDepartment);
  if (!destinationDepartment) throw bad('O setor de destino é obrigatório');
  const confidential = truthy(payload.confidential);
  const confidentialAccess = confidential ? userIdList(payload.confidentialAccess, 'confidentialAccess') : [];
  if (confidential && confidentialAccess.length === 0) {
    throw bad('Para processos sigilosos, selecione pelo menos um usuário com acesso.');
  }
  const requester = parseRequester(payload);
  const protocolData = payload.protocolData;
  if (protocolData !== undefined && protocolData !== null && !isObject(protocolData)) {
    throw bad('Dados do protocolo inválidos.');
  }
  const wantsProtocol = requireProtocol || isObject(protocolData);
  const p = isObject(protocolData) ? protocolData : {};
  const dueDate = parseDueDate(p.dueDate);
  if (subject.length > 300) throw bad('O título deve ter no máximo 300 caracteres.');
  if (description.length > 20_000) throw bad('A descrição deve ter no máximo 20.000 caracteres.');
  return {
    subject,
    description,
    destinationDepartment,
    confidential,
    confidentialAccess,
    protocol: wantsProtocol
      ? {
          type: oneOf(PROTOCOL_TYPES, p.type, 'internal'),
          status: oneOf(PROTOCOL_STATUSES, p.status, 'pending'),
          priority: oneOf(PROTOCOL_PRIORITIES, p.priority, 'normal'),
          dueDate,
          subject: optionalStr(p.subject, 300) ?? subject,
        }
      : null,
    requester,
  };
}

/** Text of a response (JSON `response` or multipart field `response`). */
export function parseResponseText(body: unknown): string {
  const text = isObject(body) ? str(body.response) : '';
  if (!text) throw bad('Por favor, adicione uma resposta.');
  if (text.length > 20_000) throw bad('A resposta deve ter no máximo 20.000 caracteres.');
  return text;
}
