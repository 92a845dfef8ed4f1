import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DEADLINE_REMINDER_DAYS_DEFAULT } from '#server/contracts/profile';
import type { Level, Role, UserPreferences, UserStatus } from '#server/contracts/users';

export const DEFAULT_PREFERENCES: UserPreferences = {
  theme: 'system',
  notifications: { email: true, system: true },
};

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-case; unique. */
  @Column({ type: 'text', unique: true })
  username: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'display_name', type: 'text', nullable: true })
  displayName: string | null;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  department: string;

  @Column({ type: 'text', default: 'operator' })
  role: Role;

  @Column({ type: 'text', default: 'Funcionário' })
  level: Level;

  @Column({ type: 'text', default: 'active' })
  status: UserStatus;

  @Column({ type: 'text', nullable: true })
  avatar: string | null;

  @Column({ type: 'jsonb', default: () => `'${JSON.stringify(DEFAULT_PREFERENCES)}'::jsonb` })
  preferences: UserPreferences;

  /** Business days before a due day the user is reminded of it (docs/deadlines.md#reminders); 0: no advance reminder. */
  @Column({ name: 'deadline_reminder_days', type: 'smallint', default: DEADLINE_REMINDER_DAYS_DEFAULT })
  deadlineReminderDays: number;

  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  /** Set for temporary passwords (new accounts, resets): the next login must change it. */
  @Column({ name: 'must_change_password', type: 'boolean', default: true })
  mustChangePassword: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
