import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProcessRequestType, ProcessStatus } from '#server/contracts/processes';

/** An administrative process; `id` is its NUP protocol number (UUUUU.SSSSSS/AAAA-DD). */
@Entity({ name: 'processes' })
export class ProcessEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text', default: 'pendente' })
  status: ProcessStatus;

  @Column({ name: 'current_department', type: 'text' })
  currentDepartment: string;

  @Column({ name: 'origin_department', type: 'text' })
  originDepartment: string;

  @Column({ type: 'boolean', default: false })
  confidential: boolean;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy: string;

  @Column({ name: 'requester_user_id', type: 'uuid', nullable: true })
  requesterUserId: string | null;

  @Column({ name: 'requester_external_id', type: 'uuid', nullable: true })
  requesterExternalId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  /** Time of the last action (creation, forward, response, attachment, finalisation). */
  @Column({ name: 'last_update', type: 'timestamptz', default: () => 'now()' })
  lastUpdate: Date;

  /** 'lai': an access-to-information request with the LAI's legal clock (docs/processes.md#access-to-information-requests). */
  @Column({ name: 'request_type', type: 'text', default: 'standard' })
  requestType: ProcessRequestType;

  /** The deadline replies show (docs/deadlines.md#which-deadline); kept by ProcessDeadlinesRepository. */
  @Column({ name: 'deadline_id', type: 'uuid', nullable: true })
  deadlineId?: string | null;
}
