import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ProcessDocumentContext } from '#server/contracts/processes';

/** A file attached to a process (directly or with a response); the bytes live in file storage. */
@Entity({ name: 'process_documents' })
export class ProcessDocumentEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'process_id', type: 'text' })
  processId: string;

  @Column({ name: 'response_id', type: 'uuid', nullable: true })
  responseId: string | null;

  @Column({ name: 'stored_file_id', type: 'uuid' })
  storedFileId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  size: number;

  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Column({ type: 'text', default: 'process' })
  context: ProcessDocumentContext;

  @Column({ name: 'uploaded_by', type: 'uuid', nullable: true })
  uploadedBy: string | null;

  @Column({ name: 'uploaded_by_name', type: 'text', nullable: true })
  uploadedByName: string | null;

  @Column({ name: 'uploaded_by_department', type: 'text', nullable: true })
  uploadedByDepartment: string | null;

  /** Default clock_timestamp(): files stored in one transaction keep their order. */
  @Column({ name: 'upload_date', type: 'timestamptz', default: () => 'clock_timestamp()' })
  uploadDate: Date;
}
