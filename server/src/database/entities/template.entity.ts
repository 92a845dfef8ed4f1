import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type {
  DocumentFormat,
  TemplateCategory,
  TemplateFormatting,
  TemplateOrganization,
  TemplateType,
} from '#server/contracts/templates';

/** A document template (docs/templates.md#fields Template): sanitised HTML, header and page format. */
@Entity({ name: 'templates' })
export class TemplateEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  title: string;

  /** Sanitised HTML (domain/templates/template-html.ts). */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'text', default: 'document' })
  type: TemplateType;

  @Column({ type: 'text', default: 'general' })
  category: TemplateCategory;

  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic: boolean;

  @Column({ name: 'document_format', type: 'text', default: 'html' })
  documentFormat: DocumentFormat;

  /** Stored name of the DOCX base (owner kind 'template-base'). */
  @Column({ name: 'base_document', type: 'text', nullable: true })
  baseDocument: string | null;

  @Column({ type: 'jsonb' })
  organization: TemplateOrganization;

  @Column({ type: 'jsonb' })
  formatting: TemplateFormatting;

  /** Null once the creator's account is removed. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  /** The creator's department when the template was made. */
  @Column({ type: 'text' })
  department: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
