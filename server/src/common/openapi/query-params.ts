import { applyDecorators } from '@nestjs/common';
import { ApiQuery, type SchemaObject } from '@nestjs/swagger';

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

export const QUERY = {
  materialItems: { isActive: { type: 'boolean' } },
  /** `download=1` sends the file as an attachment instead of inline. */
  fileDownload: { download: { type: 'string', enum: ['1'] } },
} satisfies Record<string, Record<string, QueryParam>>;
