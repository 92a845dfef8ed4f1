import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { DOCUMENT_TYPE_MESSAGES, meetsSignatureLevel } from '#server/contracts/document-types';
import type { SignatureType } from '#server/contracts/documents';
import type { DocumentEntity, DocumentTypeEntity } from '#server/database/entities/index';
import { DocumentTypesRepository } from '#server/repositories/document-types.repository';

/** The lowest level that signs a document of `type`: its minimum, else simple (docs/documents.md#types). */
export const requiredSignatureLevel = (type: Pick<DocumentTypeEntity, 'minimumLevel'> | null): SignatureType =>
  type?.minimumLevel ?? 'simple';

/** Why a `level` signature may not sign a document of `type`, or null when it may. */
export function signatureLevelRefusal(
  type: Pick<DocumentTypeEntity, 'name' | 'minimumLevel'> | null,
  level: SignatureType,
): string | null {
  return meetsSignatureLevel(level, requiredSignatureLevel(type))
    ? null
    : DOCUMENT_TYPE_MESSAGES.qualifiedRequired(type!.name);
}

/**
 * The minimum signature level of a document's type (Lei 14.063/2020, art. 4º; docs/documents.md#types),
 * read when the signature is asked for: an administrator's change applies to every document not yet signed.
 */
@Injectable()
export class SignatureLevelPolicy {
  constructor(private readonly types: DocumentTypesRepository) {}

  /** 422 in pt-BR when `level` is below what the document's type requires. */
  async assertAllowed(doc: Pick<DocumentEntity, 'documentTypeId'>, level: SignatureType): Promise<void> {
    const type = doc.documentTypeId ? await this.types.findById(doc.documentTypeId) : null;
    const refusal = signatureLevelRefusal(type, level);
    if (refusal) throw new UnprocessableEntityException(refusal);
  }
}
