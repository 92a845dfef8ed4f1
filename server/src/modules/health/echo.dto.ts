import { createZodDto } from 'nestjs-zod';
import { workerEchoRequestSchema } from '#server/contracts/health';

export class EchoDto extends createZodDto(workerEchoRequestSchema) {}
