import { IsIn } from 'class-validator';
import { UPLOAD_TYPES, type UploadType } from '#server/contracts/templates';
import { TEMPLATE_MESSAGES } from '#server/contracts/validation-messages';

/** Text field of the multipart POST /uploads (the file is in field `file`). */
export class UploadDto {
  @IsIn(UPLOAD_TYPES, { message: TEMPLATE_MESSAGES.uploadTypeInvalid })
  type: UploadType;
}
