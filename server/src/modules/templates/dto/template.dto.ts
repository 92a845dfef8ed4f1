import { createZodDto } from 'nestjs-zod';
import { templateRequestSchema } from '#server/contracts/templates';

export class TemplateDto extends createZodDto(templateRequestSchema) {}
