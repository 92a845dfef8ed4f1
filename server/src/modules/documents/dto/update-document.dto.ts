import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import {
  DOCUMENT_STATUSES,
  type SetSigningFlowRequest,
  type UpdateDocumentStatusRequest,
} from '../../../contracts/documents';
import { TITLE_REQUIRED } from './create-document.dto';

/** Saving from the editor needs title and content (spec 1 §2). */
export class UpdateDocumentDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(200, { message: 'O título pode ter no máximo 200 caracteres.' })
  @IsString({ message: TITLE_REQUIRED })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title: string;

  @IsString({ message: 'O conteúdo do documento deve ser um texto.' })
  @IsNotEmpty({ message: 'Por favor, informe o conteúdo do documento.' })
  content: string;
}

export class UpdateDocumentStatusDto implements UpdateDocumentStatusRequest {
  @IsIn(DOCUMENT_STATUSES.filter((s) => s !== 'signed'), { message: 'Status inválido.' })
  status: UpdateDocumentStatusRequest['status'];
}

export class SetSigningFlowDto implements SetSigningFlowRequest {
  @IsArray()
  @ArrayMaxSize(20, { message: 'O fluxo de assinatura aceita no máximo 20 signatários.' })
  @IsUUID('all', { each: true, message: 'Usuário inválido no fluxo de assinatura.' })
  userIds: string[];
}
