import { createZodDto } from 'nestjs-zod';
import { deadlineQuerySchema } from '#server/contracts/calendar';

export class DeadlineQueryDto extends createZodDto(deadlineQuerySchema) {}
