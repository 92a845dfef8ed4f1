import { createZodDto } from 'nestjs-zod';
import { processListFiltersSchema, processPagingSchema, requesterSearchQuerySchema } from '#server/contracts/processes';

export class ProcessListFiltersDto extends createZodDto(processListFiltersSchema) {}
export class ProcessPagingDto extends createZodDto(processPagingSchema) {}
export class RequesterSearchQueryDto extends createZodDto(requesterSearchQuerySchema) {}
