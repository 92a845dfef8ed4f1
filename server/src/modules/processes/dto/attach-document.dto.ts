import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ProcessDocumentContext } from '#server/contracts/processes';
import type { AttachProcessDocumentRequest } from '#server/contracts/processes';
import { IgnoredActorFields } from '#server/common/validation/text-fields';

/** Text fields of the multipart POST /processes/:id/documents (the file is in field `file`). */
export class AttachDocumentDto extends IgnoredActorFields implements AttachProcessDocumentRequest {
  @IsOptional()
  @IsIn(['process', 'response'])
  context?: ProcessDocumentContext;

  /** Display name; defaults to the uploaded file's name. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;
}
