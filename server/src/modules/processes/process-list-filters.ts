import { applyDecorators, BadRequestException } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import {
  PROCESS_LIST_DEFAULT_LIMIT,
  PROCESS_LIST_MAX_LIMIT,
  PROCESS_PERIODS,
  PROCESS_STATUSES,
  type ProcessPeriod,
  type ProcessStatus,
} from '#server/contracts/processes';

export interface ProcessListFilters {
  q: string | null;
  status: ProcessStatus | null;
  /** Only honoured for admins (the caller decides). */
  department: string | null;
  period: ProcessPeriod;
  aging: boolean;
  page: number;
  limit: number;
}

/** Spellings links and older screens use ('concluido', 'em-andamento') for the canonical values. */
const STATUS_ALIASES: Record<string, ProcessStatus> = {
  concluido: 'concluído',
  'em-andamento': 'em andamento',
  em_andamento: 'em andamento',
};

const text = (value: unknown): string | null => {
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' && first.trim() ? first.trim() : null;
};

/** Highest page number accepted: far beyond any real list, far below a database overflow. */
const MAX_PAGE = 100_000;

function positiveInt(value: unknown, fallback: number): number {
  const raw = text(value);
  if (raw === null) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_PAGE) {
    throw new BadRequestException('Parâmetros de paginação inválidos.');
  }
  return parsed;
}

/** Reads the query string of GET /processes (tolerant of absent values, strict on wrong ones). */
export function parseProcessListFilters(query: Record<string, unknown>): ProcessListFilters {
  const statusText = text(query.status)?.toLowerCase() ?? null;
  let status: ProcessStatus | null = null;
  if (statusText && statusText !== 'all' && statusText !== 'todos') {
    const candidate = STATUS_ALIASES[statusText] ?? statusText;
    if (!(PROCESS_STATUSES as readonly string[]).includes(candidate)) {
      throw new BadRequestException('Status de processo inválido.');
    }
    status = candidate;
  }
  const periodText = text(query.period) ?? 'all';
  if (!(PROCESS_PERIODS as readonly string[]).includes(periodText)) {
    throw new BadRequestException('Período inválido.');
  }
  const department = text(query.department);
  return {
    q: text(query.q)?.slice(0, 200) ?? null,
    status,
    department: department && department !== 'all' ? department : null,
    period: periodText as ProcessPeriod,
    aging: text(query.aging) === 'true',
    page: positiveInt(query.page, 1),
    limit: Math.min(positiveInt(query.limit, PROCESS_LIST_DEFAULT_LIMIT), PROCESS_LIST_MAX_LIMIT),
  };
}

/** `value` for a LIKE pattern, with its wildcards taken literally. */
/** OpenAPI: the query string parseProcessListFilters reads (all optional). */
export const ProcessListQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'q', required: false, schema: { type: 'string', maxLength: 200 } }),
    ApiQuery({ name: 'status', required: false, schema: { type: 'string', enum: ['all', ...PROCESS_STATUSES] } }),
    ApiQuery({ name: 'department', required: false, schema: { type: 'string' } }),
    ApiQuery({ name: 'period', required: false, schema: { type: 'string', enum: [...PROCESS_PERIODS] } }),
    ApiQuery({ name: 'aging', required: false, schema: { type: 'boolean' } }),
    PageQuery(),
  );

/** OpenAPI: page and limit (positive integers; limit capped at PROCESS_LIST_MAX_LIMIT). */
export const PageQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1 } }),
    ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: PROCESS_LIST_MAX_LIMIT },
    }),
  );
