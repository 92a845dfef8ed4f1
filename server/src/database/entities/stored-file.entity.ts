import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** bigint arrives from pg as text; file sizes stay far below Number.MAX_SAFE_INTEGER. */
const bigintAsNumber = {
  to: (value: number) => value,
  from: (value: string | null) => (value === null ? 0 : Number(value)),
};

/**
 * Metadata of one uploaded file kept under STORAGE_DIR. The owning feature (process, document,
 * avatar, template…) is named by `ownerKind`/`ownerId` and decides who may read or write it.
 */
@Entity({ name: 'stored_files' })
@Index('stored_files_owner_idx', ['ownerKind', 'ownerId'])
export class StoredFileEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Generated `<uuid>.<ext>`; the extension comes from the detected content type. */
  @Column({ name: 'stored_name', type: 'text', unique: true })
  storedName: string;

  /** The client's name, sanitised for display only; never used as a path. */
  @Column({ name: 'original_name', type: 'text' })
  originalName: string;

  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: bigintAsNumber })
  sizeBytes: number;

  @Column({ type: 'text' })
  sha256: string;

  @Column({ name: 'owner_kind', type: 'text' })
  ownerKind: string;

  @Column({ name: 'owner_id', type: 'text', nullable: true })
  ownerId: string | null;

  @Index('stored_files_uploaded_by_idx')
  @Column({ name: 'uploaded_by', type: 'uuid', nullable: true })
  uploadedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
