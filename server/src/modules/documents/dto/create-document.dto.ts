import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { CreateDocumentRequest } from '../../../contracts/documents';

export const TITLE_REQUIRED = 'Por favor, informe um título para o documento.';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateDocumentDto implements CreateDocumentRequest {
  @Transform(trim)
  @MaxLength(200, { message: 'O título pode ter no máximo 200 caracteres.' })
  @IsString({ message: TITLE_REQUIRED })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title: string;

  @IsString({ message: 'O conteúdo do documento deve ser um texto.' })
  content: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  departmentAccess?: string[];

  @IsOptional()
  @IsBoolean()
  confidential?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true, message: 'Usuário inválido na lista de acesso.' })
  confidentialAccess?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(40)
  processId?: string;
}
