import { createZodDto } from 'nestjs-zod';
import { finalizeProcessSchema } from '#server/contracts/processes';

export class FinalizeProcessDto extends createZodDto(finalizeProcessSchema) {}
