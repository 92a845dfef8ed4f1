import { createZodDto } from 'nestjs-zod';
import { createDocumentSchema } from '#server/contracts/documents';

export class CreateDocumentDto extends createZodDto(createDocumentSchema) {}
