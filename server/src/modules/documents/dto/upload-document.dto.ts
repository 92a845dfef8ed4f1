import { createZodDto } from 'nestjs-zod';
import { uploadDocumentSchema } from '#server/contracts/documents';

export class UploadDocumentDto extends createZodDto(uploadDocumentSchema) {}
