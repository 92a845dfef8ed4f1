import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { OutboxEventType } from '../../contracts/outbox';

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
}
