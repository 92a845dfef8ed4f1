import { createZodDto } from 'nestjs-zod';
import { setSigningFlowSchema, updateDocumentSchema, updateDocumentStatusSchema } from '#server/contracts/documents';

export class UpdateDocumentDto extends createZodDto(updateDocumentSchema) {}

export class UpdateDocumentStatusDto extends createZodDto(updateDocumentStatusSchema) {}

export class SetSigningFlowDto extends createZodDto(setSigningFlowSchema) {}
