import { createZodDto } from 'nestjs-zod';
import { textContentRequestSchema } from '#server/contracts/documents';

export class TextContentDto extends createZodDto(textContentRequestSchema) {}
