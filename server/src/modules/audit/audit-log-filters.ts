import { BadRequestException } from '@nestjs/common';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_LIST_DEFAULT_LIMIT,
  AUDIT_LIST_MAX_LIMIT,
  AUDIT_SORT_FIELDS,
  AUDIT_STATUSES,
  type AuditLogFilters,
} from '#server/contracts/audit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Highest page number accepted: far beyond any real list, far below a database overflow. */
const MAX_PAGE = 1_000_000;

const text = (value: unknown): string | null => {
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' && first.trim() && first.trim() !== 'all' ? first.trim() : null;
};

function oneOf<T extends string>(value: unknown, allowed: readonly T[], message: string): T | null {
  const raw = text(value);
  if (raw === null) return null;
  if (!(allowed as readonly string[]).includes(raw)) throw new BadRequestException(message);
  return raw as T;
}

function instant(value: unknown, message: string): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const date = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(date.getTime())) throw new BadRequestException(message);
  return date.toISOString();
}

function integer(value: unknown, message: string): number | null {
  const raw = text(value);
  if (raw === null) return null;
  if (!/^-?\d{1,9}$/.test(raw)) throw new BadRequestException(message);
  return Number(raw);
}

/** Reads the filters of GET /logs and GET /logs/export (absent values ignored, wrong ones 400). */
export function parseAuditLogFilters(query: Record<string, unknown>): AuditLogFilters {
  const startDate = instant(query.startDate, 'Data inicial inválida.');
  const endDate = instant(query.endDate, 'Data final inválida.');
  if (startDate && endDate && endDate < startDate) {
    throw new BadRequestException('A data final não pode ser anterior à data inicial.');
  }
  const userId = text(query.userId);
  if (userId && !UUID.test(userId)) throw new BadRequestException('Identificador de usuário inválido.');
  const order = text(query.sortOrder);
  if (order !== null && order !== '1' && order !== '-1') {
    throw new BadRequestException('Ordem inválida: use -1 (decrescente) ou 1 (crescente).');
  }
  return {
    startDate,
    endDate,
    action: oneOf(query.action, AUDIT_ACTIONS, 'Ação inválida.'),
    entityType: oneOf(query.entityType, AUDIT_ENTITY_TYPES, 'Tipo de entidade inválido.'),
    entityId: text(query.entityId)?.slice(0, 200) ?? null,
    userId,
    username: text(query.username)?.slice(0, 100) ?? null,
    userDepartment: text(query.userDepartment)?.slice(0, 200) ?? null,
    status: oneOf(query.status, AUDIT_STATUSES, 'Status inválido.'),
    sortBy: oneOf(query.sortBy, AUDIT_SORT_FIELDS, 'Campo de ordenação inválido.') ?? 'createdAt',
    sortOrder: order === '1' ? 1 : -1,
  };
}

/** page and limit of GET /logs: limit clamped to 1..200 (default 50); page ≥ 1 (clamped later to the last page). */
export function parseAuditPaging(query: Record<string, unknown>): { page: number; limit: number } {
  const page = integer(query.page, 'Parâmetros de paginação inválidos.') ?? 1;
  const limit = integer(query.limit, 'Parâmetros de paginação inválidos.') ?? AUDIT_LIST_DEFAULT_LIMIT;
  return {
    page: Math.min(Math.max(page, 1), MAX_PAGE),
    limit: Math.min(Math.max(limit, 1), AUDIT_LIST_MAX_LIMIT),
  };
}
