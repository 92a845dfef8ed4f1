import { createZodDto } from 'nestjs-zod';
import {
  deadlineRequestSchema,
  extendDeadlineSchema,
  resumeDeadlineSchema,
  suspendDeadlineSchema,
} from '#server/contracts/deadlines';

/** The bodies of POST /processes/:id/deadline, /suspend, /resume and /extend (docs/deadlines.md). */
export class DeadlineInputDto extends createZodDto(deadlineRequestSchema) {}
export class SuspendDeadlineDto extends createZodDto(suspendDeadlineSchema) {}
export class ResumeDeadlineDto extends createZodDto(resumeDeadlineSchema) {}
export class ExtendDeadlineDto extends createZodDto(extendDeadlineSchema) {}
