import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';
import { createZodDto } from 'nestjs-zod';
import {
  updateDocumentSchema,
  updateDocumentStatusSchema,
  type SetSigningFlowRequest,
} from '#server/contracts/documents';

export class UpdateDocumentDto extends createZodDto(updateDocumentSchema) {}

export class UpdateDocumentStatusDto extends createZodDto(updateDocumentStatusSchema) {}

export class SetSigningFlowDto implements SetSigningFlowRequest {
  @IsArray()
  @ArrayMaxSize(20, { message: 'O fluxo de assinatura aceita no máximo 20 signatários.' })
  @IsUUID('all', { each: true, message: 'Usuário inválido no fluxo de assinatura.' })
  userIds: string[];
}
