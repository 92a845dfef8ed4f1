import { Entity, PrimaryColumn } from 'typeorm';

/** A user allowed to see a confidential process. */
@Entity({ name: 'process_confidential_access' })
export class ProcessConfidentialAccessEntity {
  @PrimaryColumn({ name: 'process_id', type: 'text' })
  processId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;
}
