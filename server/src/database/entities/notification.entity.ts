import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationType } from '#server/contracts/notifications';

/** One notification of one user. Rows come from the outbox relay (idempotent per source event). */
@Entity({ name: 'notifications' })
export class NotificationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** bigserial, unique: delivery and catch-up order (the relay inserts under a single lock). */
  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  type: NotificationType;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'text', default: '#' })
  link: string;

  @Column({ type: 'boolean', default: false })
  read: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Outbox event that produced it; UNIQUE (source_event_id, user_id) makes the relay idempotent. */
  @Column({ name: 'source_event_id', type: 'bigint', nullable: true })
  sourceEventId: string | null;
}
