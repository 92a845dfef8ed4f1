import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SignatureType } from '#server/contracts/documents';

/**
 * A document type ('Tipo de documento') and the lowest signature level that signs it
 * (docs/documents.md#types). Deactivated rather than deleted once documents use it.
 */
@Entity({ name: 'document_types' })
export class DocumentTypeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Unique whatever the case and accents. */
  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'minimum_level', type: 'text', default: 'simple' })
  minimumLevel: SignatureType;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
