import { createZodDto } from 'nestjs-zod';
import { uploadRequestSchema } from '#server/contracts/templates';

export class UploadDto extends createZodDto(uploadRequestSchema) {}
