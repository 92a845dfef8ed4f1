import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AuditAction, AuditEntityType, AuditStatus } from '#server/contracts/audit';

@Entity({ name: 'audit_logs' })
export class AuditLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'text' })
  action: AuditAction;

  @Column({ name: 'entity_type', type: 'text' })
  entityType: AuditEntityType;

  @Column({ name: 'entity_id', type: 'text', nullable: true })
  entityId: string | null;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'text', nullable: true })
  username: string | null;

  @Column({ name: 'user_department', type: 'text', nullable: true })
  userDepartment: string | null;

  @Column({ type: 'text', default: 'success' })
  status: AuditStatus;

  @Column({ name: 'ip_address', type: 'text', nullable: true })
  ipAddress: string | null;

  @Column({ type: 'jsonb', nullable: true })
  details: object | null;
}
