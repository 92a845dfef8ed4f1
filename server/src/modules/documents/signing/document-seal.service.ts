import { Injectable } from '@nestjs/common';
import { loadEnv } from '../../../config/env';
import type { DocumentSignatureEntity } from '../../../database/entities';
import { isSealValid, sealSignature, type SealedFields } from './signature-seal';
import { loadSigningKey, type SigningKey } from './signing-key';

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
