import { BadRequestException } from '@nestjs/common';
import { type ProcessListFilters, processListFiltersSchema } from '#server/contracts/processes';
import { parseContract } from '#server/contracts/validation-messages';

export type { ProcessListFilters };

/**
 * Reads GET /processes filters outside the validation pipe (the dashboard's own query string, the
 * bench): the same schema, and a wrong value is the same 400 with its pt-BR message.
 */
export function parseProcessListFilters(query: Record<string, unknown>): ProcessListFilters {
  const result = parseContract(processListFiltersSchema, query);
  if (!result.ok) throw new BadRequestException(result.message);
  return result.data;
}
