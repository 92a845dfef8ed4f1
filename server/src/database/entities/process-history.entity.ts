import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'process_history' })
export class ProcessHistoryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'process_id', type: 'text' })
  processId: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  date: Date;

  @Column({ type: 'text' })
  action: string;

  @Column({ name: 'from_department', type: 'text', nullable: true })
  fromDepartment: string | null;

  @Column({ name: 'to_department', type: 'text', nullable: true })
  toDepartment: string | null;

  @Column({ type: 'text', default: '' })
  comment: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'user_name', type: 'text', nullable: true })
  userName: string | null;

  @Column({ name: 'user_department', type: 'text', nullable: true })
  userDepartment: string | null;
}
