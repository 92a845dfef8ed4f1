import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One ordered step of a document's signing flow: the user at `position` signs after those before. */
@Entity({ name: 'document_signing_flow' })
export class DocumentSigningFlowEntryEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @PrimaryColumn({ type: 'integer' })
  position: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'boolean', default: false })
  signed: boolean;

  @Column({ name: 'signed_at', type: 'timestamptz', nullable: true })
  signedAt: Date | null;
}
