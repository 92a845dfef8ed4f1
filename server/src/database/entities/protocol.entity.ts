import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { ProtocolPriority, ProtocolStatus, ProtocolType } from '#server/contracts/processes';

/**
 * The registration record of the incoming request a process was opened with (protocol data of the
 * creation form), 1:1 with the process and keyed by its id.
 */
@Entity({ name: 'protocols' })
export class ProtocolEntity {
  @PrimaryColumn({ name: 'process_id', type: 'text' })
  processId: string;

  @Column({ type: 'text', default: 'internal' })
  type: ProtocolType;

  @Column({ type: 'text', default: 'pending' })
  status: ProtocolStatus;

  @Column({ type: 'text', default: 'normal' })
  priority: ProtocolPriority;

  /** YYYY-MM-DD. */
  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate: string | null;

  @Column({ type: 'text' })
  subject: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
