import { createZodDto } from 'nestjs-zod';
import { toggleConfidentialSchema } from '#server/contracts/processes';

export class ToggleConfidentialDto extends createZodDto(toggleConfidentialSchema) {}
