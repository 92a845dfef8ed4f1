import { createZodDto } from 'nestjs-zod';
import { updateProfileRequestSchema } from '#server/contracts/profile';

export class UpdateProfileDto extends createZodDto(updateProfileRequestSchema) {}
