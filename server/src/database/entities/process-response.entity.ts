import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'process_responses' })
export class ProcessResponseEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'process_id', type: 'text' })
  processId: string;

  /** 'response' for answers, 'final' for the finalisation note. */
  @Column({ type: 'text' })
  kind: 'response' | 'final';

  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'user_name', type: 'text', nullable: true })
  userName: string | null;

  @Column({ name: 'user_department', type: 'text', nullable: true })
  userDepartment: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
