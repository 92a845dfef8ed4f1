import { createZodDto } from 'nestjs-zod';
import { attachProcessDocumentSchema } from '#server/contracts/processes';

export class AttachDocumentDto extends createZodDto(attachProcessDocumentSchema) {}
