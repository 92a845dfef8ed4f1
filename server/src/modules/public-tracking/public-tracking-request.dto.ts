import { createZodDto } from 'nestjs-zod';
import { publicTrackingRequestSchema } from '#server/contracts/public-tracking';

export class PublicTrackingRequestDto extends createZodDto(publicTrackingRequestSchema) {}
