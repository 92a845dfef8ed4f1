import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DeadlineUnit } from '#server/contracts/calendar';
import type { SignatureOrder, SignatureRequestStatus } from '#server/contracts/signature-requests';

/** Someone asked for a document's signatures (docs/documents.md#signature-requests); signers are flow entries. */
@Entity({ name: 'signature_requests' })
export class SignatureRequestEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @Column({ name: 'requested_by', type: 'uuid' })
  requestedBy: string;

  @Column({ name: 'order_mode', type: 'text' })
  order: SignatureOrder;

  /** The last day to sign (YYYY-MM-DD), counted on the deadlines calendar; null without a deadline. */
  @Column({ name: 'deadline_due', type: 'date', nullable: true })
  deadlineDue: string | null;

  @Column({ name: 'deadline_unit', type: 'text', nullable: true })
  deadlineUnit: DeadlineUnit | null;

  @Column({ type: 'text', default: '' })
  message: string;

  @Column({ type: 'text', default: 'open' })
  status: SignatureRequestStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;
}
