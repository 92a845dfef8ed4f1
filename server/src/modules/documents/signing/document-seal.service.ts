import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import type { DocumentSignatureEntity } from '#server/database/entities/index';
import { isSealValid, sealSignature, type SealedFields } from './signature-seal';
import { loadSigningKey, type SigningKey } from '#server/domain/signing/signing-key';

/** The server's Ed25519 key, loaded once per process. */
@Injectable()
export class DocumentSealService {
  private readonly key: SigningKey;

  constructor(config: AppConfig) {
    this.key = loadSigningKey(config);
  }

  seal(fields: SealedFields) {
    return sealSignature(this.key, fields);
  }

  isValid(row: DocumentSignatureEntity): boolean {
    return isSealValid(this.key, row);
  }
}
