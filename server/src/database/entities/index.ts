import { AuditLogEntity } from './audit-log.entity';
import { DepartmentEntity } from './department.entity';
import { DocumentConfidentialAccessEntity, DocumentDepartmentAccessEntity } from './document-access.entity';
import { DocumentSignatureEntity } from './document-signature.entity';
import { DocumentSigningFlowEntryEntity } from './document-signing-flow-entry.entity';
import { DocumentEntity } from './document.entity';
import { NotificationEntity } from './notification.entity';
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
  AuditLogEntity,
  DepartmentEntity,
  NotificationEntity,
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
  AuditLogEntity,
  OutboxEventEntity,
  StoredFileEntity,
  NotificationEntity,
];
