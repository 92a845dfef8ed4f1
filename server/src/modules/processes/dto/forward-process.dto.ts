import { createZodDto } from 'nestjs-zod';
import { forwardProcessSchema } from '#server/contracts/processes';

export class ForwardProcessDto extends createZodDto(forwardProcessSchema) {}
