import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

/** Multipart fields arrive as text: lists as JSON, booleans as "true"/"false". */
const jsonList = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
const bool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class UploadDocumentDto {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(200, { message: 'O título pode ter no máximo 200 caracteres.' })
  title?: string;

  @IsOptional()
  @Transform(jsonList)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  departmentAccess?: string[];

  @IsOptional()
  @Transform(bool)
  @IsBoolean()
  confidential?: boolean;

  @IsOptional()
  @Transform(jsonList)
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true, message: 'Usuário inválido na lista de acesso.' })
  confidentialAccess?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(40)
  processId?: string;
}
