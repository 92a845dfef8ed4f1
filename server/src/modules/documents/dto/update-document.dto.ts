import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_TITLE_MAX_LENGTH,
  type SetSigningFlowRequest,
  type UpdateDocumentRequest,
  type UpdateDocumentStatusRequest,
} from '#server/contracts/documents';
import { DOCUMENT_MESSAGES } from '#server/contracts/documents';

/** Saving from the editor needs title and content (docs/documents.md#viewer). */
export class UpdateDocumentDto implements UpdateDocumentRequest {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(DOCUMENT_TITLE_MAX_LENGTH, { message: DOCUMENT_MESSAGES.titleTooLong })
  @IsString({ message: DOCUMENT_MESSAGES.titleRequired })
  @IsNotEmpty({ message: DOCUMENT_MESSAGES.titleRequired })
  title: string;

  @IsString({ message: DOCUMENT_MESSAGES.contentNotText })
  @IsNotEmpty({ message: DOCUMENT_MESSAGES.contentRequired })
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
