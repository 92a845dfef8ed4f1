import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SignerState } from '#server/contracts/signature-requests';

/**
 * One signer of a signature request (docs/documents.md#signature-requests): `position` orders a
 * sequential request; `state` says whether it is their turn, a later one, or done.
 */
@Entity({ name: 'document_signing_flow' })
export class DocumentSigningFlowEntryEntity {
  @PrimaryColumn({ name: 'request_id', type: 'uuid' })
  requestId: string;

  @PrimaryColumn({ type: 'integer' })
  position: number;

  @Column({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  state: SignerState;

  @Column({ name: 'signed_at', type: 'timestamptz', nullable: true })
  signedAt: Date | null;

  @Column({ name: 'refusal_reason', type: 'text', nullable: true })
  refusalReason: string | null;

  @Column({ name: 'refused_at', type: 'timestamptz', nullable: true })
  refusedAt: Date | null;
}
