import { createZodDto } from 'nestjs-zod';
import { changeTemporaryPasswordSchema } from '#server/contracts/auth';

export class ChangePasswordDto extends createZodDto(changeTemporaryPasswordSchema) {}
