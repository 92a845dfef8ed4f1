import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { OutboxEventType } from '#server/contracts/outbox';

/** Transactional outbox: rows are written with the change and relayed by the worker. */
@Entity({ name: 'outbox_events' })
export class OutboxEventEntity {
  /** bigserial: gives the relay a strict commit-independent order to read in. */
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  type: OutboxEventType;

  @Column({ type: 'jsonb' })
  payload: object;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Index()
  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  /** Failed relay attempts; after the last one the event is set aside (processed_at) with its error. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
