import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentStatus } from '#server/contracts/documents';

/** A standalone document (docs/documents.md#fields); its bytes live in stored_files. */
@Entity({ name: 'documents' })
export class DocumentEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** DOC-{year}-{10000..99999}, unique. */
  @Column({ name: 'protocol_number', type: 'text', unique: true })
  protocolNumber: string;

  @Column({ type: 'text', default: 'draft' })
  status: DocumentStatus;

  @Column({ name: 'file_id', type: 'uuid', unique: true })
  fileId: string;

  /** The creator's department. */
  @Column({ type: 'text' })
  department: string;

  @Column({ type: 'boolean', default: false })
  confidential: boolean;

  /** The linked process. Its facts are shown only to viewers who may see it (document-views.ts). */
  @Column({ name: 'process_id', type: 'text', nullable: true })
  processId: string | null;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy: string;

  /** Random base64url code (≥128 bits) issued with the first signature; opens public verification. */
  @Column({ name: 'verification_code', type: 'text', nullable: true, unique: true })
  verificationCode: string | null;

  /** The PAdES PDF carrying every qualified signature (incremental updates). */
  @Column({ name: 'signed_pdf_file_id', type: 'uuid', nullable: true, unique: true })
  signedPdfFileId: string | null;

  /** The template it was made from (null for other documents, or once that template is deleted). */
  @Column({ name: 'template_id', type: 'uuid', nullable: true })
  templateId: string | null;

  /** The filled, sanitised HTML its PDF was rendered from (documents made from a template). */
  @Column({ name: 'template_html', type: 'text', nullable: true, select: false })
  templateHtml: string | null;

  /** The filled DOCX base (documents made from a docx or hybrid template with a base). */
  @Column({ name: 'docx_file_id', type: 'uuid', nullable: true, unique: true })
  docxFileId: string | null;

  /** Its type (docs/documents.md#types); null for documents made before types existed. */
  @Column({ name: 'document_type_id', type: 'uuid', nullable: true })
  documentTypeId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
