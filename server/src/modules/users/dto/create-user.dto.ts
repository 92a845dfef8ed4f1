import { createZodDto } from 'nestjs-zod';
import { createUserRequestSchema } from '#server/contracts/users';

export class CreateUserDto extends createZodDto(createUserRequestSchema) {}
