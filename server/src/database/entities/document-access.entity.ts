import { Entity, PrimaryColumn } from 'typeorm';

/** A department whose staff may see a document (departmentAccess). */
@Entity({ name: 'document_department_access' })
export class DocumentDepartmentAccessEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @PrimaryColumn({ type: 'text' })
  department: string;
}

/** A user named on a confidential document's access list (confidentialAccess). */
@Entity({ name: 'document_confidential_access' })
export class DocumentConfidentialAccessEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;
}
