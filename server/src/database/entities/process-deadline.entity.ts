import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DeadlineUnit } from '#server/contracts/calendar';
import type { DeadlineKind, DeadlineStatus } from '#server/contracts/deadlines';

/**
 * A deadline of a process (docs/deadlines.md): its own ('process', at most one not met at a time) or
 * a return deadline asked on a forward ('return', from one department to another).
 */
@Entity({ name: 'process_deadlines' })
export class ProcessDeadlineEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'process_id', type: 'text' })
  processId: string;

  @Column({ type: 'text' })
  kind: DeadlineKind;

  @Column({ type: 'text' })
  unit: DeadlineUnit;

  /** Days asked for, in `unit`; null when the deadline was set as a date. */
  @Column({ type: 'integer', nullable: true })
  days: number | null;

  /** YYYY-MM-DD the counting starts from (excluded). */
  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  /** YYYY-MM-DD, the last day; the deadline ends at 23:59:59 of it in TIME_ZONE. */
  @Column({ name: 'due_date', type: 'date' })
  dueDate: string;

  @Column({ type: 'text', default: 'open' })
  status: DeadlineStatus;

  @Column({ name: 'from_department', type: 'text', nullable: true })
  fromDepartment: string | null;

  @Column({ name: 'to_department', type: 'text', nullable: true })
  toDepartment: string | null;

  @Column({ name: 'set_by', type: 'uuid', nullable: true })
  setBy: string | null;

  @Column({ name: 'set_at', type: 'timestamptz', default: () => 'now()' })
  setAt: Date;

  @Column({ name: 'suspended_at', type: 'timestamptz', nullable: true })
  suspendedAt: Date | null;

  @Column({ name: 'suspend_reason', type: 'text', nullable: true })
  suspendReason: string | null;

  /** Days (in `unit`) that were left when it was suspended. */
  @Column({ name: 'remaining_days', type: 'integer', nullable: true })
  remainingDays: number | null;

  @Column({ type: 'integer', default: 0 })
  extensions: number;

  @Column({ name: 'extended_days', type: 'integer', default: 0 })
  extendedDays: number;

  @Column({ name: 'max_extensions', type: 'integer' })
  maxExtensions: number;

  @Column({ name: 'max_extension_days', type: 'integer' })
  maxExtensionDays: number;

  @Column({ name: 'met_at', type: 'timestamptz', nullable: true })
  metAt: Date | null;

  @Column({ name: 'met_late', type: 'boolean', nullable: true })
  metLate: boolean | null;
}
