import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A citizen or organisation outside the staff who requested a process (docs/processes.md#fields Requester). */
@Entity({ name: 'external_requesters' })
export class ExternalRequesterEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** CPF or CNPJ. */
  @Column({ type: 'text' })
  document: string;

  @Column({ type: 'text' })
  phone: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** Organisation (free text, not a municipal department). */
  @Column({ type: 'text', nullable: true })
  department: string | null;

  /** Opted in to updates by e-mail (docs/processes.md#updates-by-e-mail). */
  @Column({ name: 'email_updates', type: 'boolean', default: false })
  emailUpdates: boolean;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
