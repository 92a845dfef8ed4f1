import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { CreateDocumentRequest } from '../../../contracts/documents';
import {
  ConfidentialAccessRules,
  DepartmentAccessRules,
  ProcessIdRules,
  TITLE_MAX_LENGTH,
  trimString,
} from './document-fields.validators';

export const TITLE_REQUIRED = 'Por favor, informe um título para o documento.';

export class CreateDocumentDto implements CreateDocumentRequest {
  @Transform(trimString)
  @MaxLength(200, { message: TITLE_MAX_LENGTH })
  @IsString({ message: TITLE_REQUIRED })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title: string;

  @IsString({ message: 'O conteúdo do documento deve ser um texto.' })
  content: string;

  @DepartmentAccessRules()
  departmentAccess?: string[];

  @IsOptional()
  @IsBoolean()
  confidential?: boolean;

  @ConfidentialAccessRules()
  confidentialAccess?: string[];

  @ProcessIdRules()
  processId?: string;
}
