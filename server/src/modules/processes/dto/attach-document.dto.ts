import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ProcessDocumentContext } from '../../../contracts/processes';

/** Text fields of the multipart POST /processes/:id/documents (the file is in field `file`). */
export class AttachDocumentDto {
  @IsOptional()
  @IsIn(['process', 'response'])
  context?: ProcessDocumentContext;

  /** Display name; defaults to the uploaded file's name. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  /** Ignored: the caller is the uploader. */
  @IsOptional()
  @IsString()
  uploadedBy?: string;
}
