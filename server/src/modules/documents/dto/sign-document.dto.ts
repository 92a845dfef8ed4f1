import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  SIGNATURE_METHODS,
  SIGNATURE_TYPES,
  type SignatureMethod,
  type SignatureType,
  type SignDocumentRequest,
} from '../../../contracts/documents';

/** JSON for a password signature; multipart (with the `certificate` file) for a qualified one. */
export class SignDocumentDto implements SignDocumentRequest {
  @IsIn(SIGNATURE_TYPES, { message: 'Tipo de assinatura inválido.' })
  signatureType: SignatureType;

  @IsIn(SIGNATURE_METHODS, { message: 'Método de autenticação inválido.' })
  certificateType: SignatureMethod;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  certificatePassword?: string;
}

export class InspectCertificateDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  certificatePassword?: string;
}
