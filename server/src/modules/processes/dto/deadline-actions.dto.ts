import { createZodDto } from 'nestjs-zod';
import { deadlineRequestSchema, extendDeadlineSchema, suspendDeadlineSchema } from '#server/contracts/deadlines';

/** The bodies of POST /processes/:id/deadline, /suspend and /extend (docs/deadlines.md; /resume takes none). */
export class DeadlineInputDto extends createZodDto(deadlineRequestSchema) {}
export class SuspendDeadlineDto extends createZodDto(suspendDeadlineSchema) {}
export class ExtendDeadlineDto extends createZodDto(extendDeadlineSchema) {}
