import { Injectable } from '@nestjs/common';
import { loadEnv } from '#server/config/env';
import type { DocumentSignatureEntity } from '#server/database/entities/index';
import { isSealValid, sealSignature, type SealedFields } from './signature-seal';
import { loadSigningKey, type SigningKey } from '#server/domain/signing/signing-key';

/** The server's Ed25519 key, loaded once per process. */
@Injectable()
export class DocumentSealService {
  private readonly key: SigningKey = loadSigningKey(loadEnv());

  seal(fields: SealedFields) {
    return sealSignature(this.key, fields);
  }

  isValid(row: DocumentSignatureEntity): boolean {
    return isSealValid(this.key, row);
  }
}
