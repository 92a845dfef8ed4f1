import { createZodDto } from 'nestjs-zod';
import { searchQuerySchema } from '#server/contracts/search';

export class SearchQueryDto extends createZodDto(searchQuerySchema) {}
