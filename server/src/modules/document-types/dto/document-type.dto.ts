import { createZodDto } from 'nestjs-zod';
import {
  documentTypeListQuerySchema,
  documentTypeRequestSchema,
  updateDocumentTypeSchema,
} from '#server/contracts/document-types';

export class DocumentTypeDto extends createZodDto(documentTypeRequestSchema) {}

export class UpdateDocumentTypeDto extends createZodDto(updateDocumentTypeSchema) {}

export class DocumentTypeListQueryDto extends createZodDto(documentTypeListQuerySchema) {}
