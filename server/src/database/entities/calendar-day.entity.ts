import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { StoredCalendarDayKind } from '#server/contracts/calendar';

/**
 * A day without business an administrator added to the municipal calendar: a municipal holiday or
 * a 'ponto facultativo' (docs/deadlines.md#calendar). National and state holidays are computed,
 * never stored. One row per date.
 */
@Entity({ name: 'calendar_days' })
export class CalendarDayEntity {
  @PrimaryColumn({ type: 'date' })
  date: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  kind: StoredCalendarDayKind;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
