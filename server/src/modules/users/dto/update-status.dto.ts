import { createZodDto } from 'nestjs-zod';
import { updateUserStatusRequestSchema } from '#server/contracts/users';

export class UpdateStatusDto extends createZodDto(updateUserStatusRequestSchema) {}
