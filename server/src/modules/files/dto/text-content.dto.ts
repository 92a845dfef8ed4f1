import { IsString, MaxLength } from 'class-validator';
import type { TextContentRequest } from '#server/contracts/documents';

/** Body of PUT /uploads/{file}/content (the JSON body parser stops at 2 MB as well). */
export class TextContentDto implements TextContentRequest {
  @IsString()
  @MaxLength(2 * 1024 * 1024)
  content: string;
}
