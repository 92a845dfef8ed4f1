import { createZodDto } from 'nestjs-zod';
import { respondProcessSchema } from '#server/contracts/processes';

export class RespondProcessDto extends createZodDto(respondProcessSchema) {}
