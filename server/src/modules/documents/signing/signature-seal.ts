import { sign, verify } from 'node:crypto';
import type { DocumentSignatureEntity } from '#server/database/entities/index';
import type { SigningKey } from '#server/domain/signing/signing-key';

/** JSON with object keys sorted at every depth: one byte sequence per record. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type SealedFields = Omit<DocumentSignatureEntity, 'serverKeyId' | 'serverSignature'>;

/** The record the server signs: every fact shown to verifiers, in a fixed form (version 1). */
export function signatureRecord(fields: SealedFields): Record<string, unknown> {
  return {
    v: 1,
    id: fields.id,
    documentId: fields.documentId,
    signerId: fields.signerId,
    signerName: fields.signerName,
    signerDepartment: fields.signerDepartment,
    signedAt: fields.signedAt.toISOString(),
    signatureType: fields.signatureType,
    certificateType: fields.certificateType,
    hashAlgorithm: fields.hashAlgorithm,
    hashValue: fields.hashValue,
    signedLength: fields.signedLength,
    certificate: fields.certificate,
  };
}

/** Ed25519 over the canonical record; base64. */
export function sealSignature(
  key: SigningKey,
  fields: SealedFields,
): Pick<DocumentSignatureEntity, 'serverKeyId' | 'serverSignature'> {
  const data = Buffer.from(canonicalJson(signatureRecord(fields)), 'utf8');
  return { serverKeyId: key.keyId, serverSignature: sign(null, data, key.privateKey).toString('base64') };
}

export function isSealValid(key: SigningKey, row: DocumentSignatureEntity): boolean {
  if (row.serverKeyId !== key.keyId) return false;
  const data = Buffer.from(canonicalJson(signatureRecord(row)), 'utf8');
  try {
    return verify(null, data, key.publicKey, Buffer.from(row.serverSignature, 'base64'));
  } catch {
    return false;
  }
}
