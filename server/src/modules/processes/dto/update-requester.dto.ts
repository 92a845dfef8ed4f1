import { createZodDto } from 'nestjs-zod';
import { updateRequesterSchema } from '#server/contracts/processes';

export class UpdateRequesterDto extends createZodDto(updateRequesterSchema) {}
