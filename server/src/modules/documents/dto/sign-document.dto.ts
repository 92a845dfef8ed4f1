import { IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IgnoredActorFields } from '#server/common/validation/text-fields';
import {
  SIGNATURE_METHODS,
  SIGNATURE_TYPES,
  type SignatureMethod,
  type SignatureType,
  type InspectCertificateRequest,
  type SignDocumentRequest,
} from '#server/contracts/documents';

/**
 * JSON for a password signature; multipart (with the `certificate` file) for a qualified one. The
 * spec's client also sends `userId`, the certificate's facts as an object `certificate` and the
 * text in base64 as `signature` (docs/documents.md#api): accepted and never trusted, since the signer is the
 * session's user, the certificate is read from the uploaded file and the hash from the stored bytes.
 */
export class SignDocumentDto extends IgnoredActorFields implements SignDocumentRequest {
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

  @IsOptional()
  @IsObject()
  certificate?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  signature?: string;
}

export class InspectCertificateDto implements InspectCertificateRequest {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  certificatePassword?: string;
}
