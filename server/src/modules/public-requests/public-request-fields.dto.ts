import { createZodDto } from 'nestjs-zod';
import {
  emailCodeRequestSchema,
  publicFilingSettingsRequestSchema,
  publicRequestFieldsSchema,
} from '#server/contracts/public-requests';

export class PublicRequestFieldsDto extends createZodDto(publicRequestFieldsSchema) {}
export class EmailCodeRequestDto extends createZodDto(emailCodeRequestSchema) {}
export class PublicFilingSettingsDto extends createZodDto(publicFilingSettingsRequestSchema) {}
