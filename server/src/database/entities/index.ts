import { AuditLogEntity } from './audit-log.entity';
import { DepartmentEntity } from './department.entity';
import { DocumentConfidentialAccessEntity, DocumentDepartmentAccessEntity } from './document-access.entity';
import { DocumentSignatureEntity } from './document-signature.entity';
import { DocumentSigningFlowEntryEntity } from './document-signing-flow-entry.entity';
import { NotificationEntity } from './notification.entity';
import { DocumentEntity } from './document.entity';
import { OutboxEventEntity } from './outbox-event.entity';
import { RefreshSessionEntity } from './refresh-session.entity';
import { StoredFileEntity } from './stored-file.entity';
import { UserEntity } from './user.entity';

export {
  DocumentConfidentialAccessEntity,
  DocumentDepartmentAccessEntity,
  DocumentEntity,
  DocumentSignatureEntity,
  DocumentSigningFlowEntryEntity,
  NotificationEntity,
  AuditLogEntity,
  DepartmentEntity,
  OutboxEventEntity,
  RefreshSessionEntity,
  StoredFileEntity,
  UserEntity,
};

/** Every TypeORM entity. A feature adds its entities here. */
export const ENTITIES = [
  DocumentEntity,
  DocumentDepartmentAccessEntity,
  DocumentConfidentialAccessEntity,
  DocumentSigningFlowEntryEntity,
  DocumentSignatureEntity,
  UserEntity,
  DepartmentEntity,
  RefreshSessionEntity,
  NotificationEntity,
  AuditLogEntity,
  OutboxEventEntity,
  StoredFileEntity,
];
