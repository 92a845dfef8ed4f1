import { createZodDto } from 'nestjs-zod';
import { loginRequestSchema } from '#server/contracts/auth';

export class LoginDto extends createZodDto(loginRequestSchema) {}
