import { IsString, MaxLength } from 'class-validator';

/** Body of PUT /uploads/{file}/content (the JSON body parser stops at 2 MB as well). */
export class TextContentDto {
  @IsString()
  @MaxLength(2 * 1024 * 1024)
  content: string;
}
