import { createZodDto } from 'nestjs-zod';
import { laiRequestsQuerySchema } from '#server/contracts/lai';

export class LaiRequestsQueryDto extends createZodDto(laiRequestsQuerySchema) {}
