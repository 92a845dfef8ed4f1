import { createZodDto } from 'nestjs-zod';
import { inspectCertificateSchema, signDocumentSchema } from '#server/contracts/documents';

export class SignDocumentDto extends createZodDto(signDocumentSchema) {}

export class InspectCertificateDto extends createZodDto(inspectCertificateSchema) {}
