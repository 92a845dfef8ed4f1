import { applyDecorators } from '@nestjs/common';
import { ApiQuery, type SchemaObject } from '@nestjs/swagger';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_LIST_MAX_LIMIT,
  AUDIT_SORT_FIELDS,
  AUDIT_STATUSES,
} from '#server/contracts/audit';
import { SEARCH_QUERY_MAX_LENGTH } from '#server/contracts/search';

/** A query parameter's schema; `required` marks the ones a route cannot do without. */
type QueryParam = Omit<SchemaObject, 'required'> & { required?: boolean };

/**
 * OpenAPI query parameters of routes that read `@Query()` as a whole (their filter parsers check
 * the values and answer 400 in Portuguese): written once here, from the contracts' constants.
 */
export const QueryParams = (params: Record<string, QueryParam>) =>
  applyDecorators(
    ...Object.entries(params).map(([name, { required = false, ...schema }]) => ApiQuery({ name, required, schema })),
  );

/** An ISO 8601 date or instant (YYYY-MM-DD…). */
const instant = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}' } as const;

export const QUERY = {
  auditLogFilters: {
    startDate: instant,
    endDate: instant,
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    entityType: { type: 'string', enum: [...AUDIT_ENTITY_TYPES] },
    entityId: { type: 'string', maxLength: 200 },
    userId: { type: 'string' },
    username: { type: 'string', maxLength: 100 },
    userDepartment: { type: 'string', maxLength: 200 },
    status: { type: 'string', enum: [...AUDIT_STATUSES] },
    sortBy: { type: 'string', enum: [...AUDIT_SORT_FIELDS] },
    sortOrder: { type: 'string', enum: ['1', '-1'] },
  },
  auditPaging: {
    page: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: AUDIT_LIST_MAX_LIMIT },
  },
  auditPeriod: { startDate: instant, endDate: instant },
  materialItems: { isActive: { type: 'boolean' } },
  search: { q: { type: 'string', minLength: 1, maxLength: SEARCH_QUERY_MAX_LENGTH, required: true } },
  /** `download=1` sends the file as an attachment instead of inline. */
  fileDownload: { download: { type: 'string', enum: ['1'] } },
} satisfies Record<string, Record<string, QueryParam>>;
