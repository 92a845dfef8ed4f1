import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CertificateInfo, SignatureMethod, SignatureType } from '#server/contracts/documents';

const bigintAsNumber = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * One signature. Every column but the server signature is covered by `server_signature`
 * (Ed25519 over the canonical JSON of the record), so an edited row no longer verifies.
 */
@Entity({ name: 'document_signatures' })
export class DocumentSignatureEntity {
  /** Chosen before signing: it is part of the signed record. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @Column({ name: 'signer_id', type: 'uuid' })
  signerId: string;

  @Column({ name: 'signer_name', type: 'text' })
  signerName: string;

  @Column({ name: 'signer_department', type: 'text' })
  signerDepartment: string;

  @Column({ name: 'signed_at', type: 'timestamptz' })
  signedAt: Date;

  @Column({ name: 'signature_type', type: 'text' })
  signatureType: SignatureType;

  @Column({ name: 'certificate_type', type: 'text' })
  certificateType: SignatureMethod;

  @Column({ name: 'hash_algorithm', type: 'text', default: 'SHA-256' })
  hashAlgorithm: string;

  /** SHA-256 hex of the stored file (simple) or of the signed PDF's first `signedLength` bytes (qualified). */
  @Column({ name: 'hash_value', type: 'text' })
  hashValue: string;

  @Column({ name: 'signed_length', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  signedLength: number | null;

  @Column({ type: 'jsonb', nullable: true })
  certificate: CertificateInfo | null;

  @Column({ name: 'server_key_id', type: 'text' })
  serverKeyId: string;

  /** base64 Ed25519 signature. */
  @Column({ name: 'server_signature', type: 'text' })
  serverSignature: string;
}
