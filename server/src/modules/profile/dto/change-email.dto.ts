import { createZodDto } from 'nestjs-zod';
import { changeEmailRequestSchema } from '#server/contracts/profile';

export class ChangeEmailDto extends createZodDto(changeEmailRequestSchema) {}
