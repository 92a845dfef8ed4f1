import { createZodDto } from 'nestjs-zod';
import { updateUserRequestSchema } from '#server/contracts/users';

export class UpdateUserDto extends createZodDto(updateUserRequestSchema) {}
