import { AuditLogEntity } from './audit-log.entity';
import { CalendarDayEntity } from './calendar-day.entity';
import { DepartmentEntity } from './department.entity';
import { DocumentConfidentialAccessEntity, DocumentDepartmentAccessEntity } from './document-access.entity';
import { DocumentSignatureEntity } from './document-signature.entity';
import { DocumentSigningFlowEntryEntity } from './document-signing-flow-entry.entity';
import { DocumentTypeEntity } from './document-type.entity';
import { DocumentEntity } from './document.entity';
import { ExternalRequesterEntity } from './external-requester.entity';
import { MaterialItemEntity } from './material-item.entity';
import { NotificationEntity } from './notification.entity';
import { OutboxEventEntity } from './outbox-event.entity';
import { ProcessConfidentialAccessEntity } from './process-confidential-access.entity';
import { ProcessDeadlineEntity } from './process-deadline.entity';
import { ProcessDocumentEntity } from './process-document.entity';
import { ProcessHistoryEntity } from './process-history.entity';
import { ProcessResponseEntity } from './process-response.entity';
import { ProcessEntity } from './process.entity';
import { ProtocolEntity } from './protocol.entity';
import { PurchaseOrderHistoryEntity } from './purchase-order-history.entity';
import { PurchaseOrderItemEntity } from './purchase-order-item.entity';
import { PurchaseOrderEntity } from './purchase-order.entity';
import { RefreshSessionEntity } from './refresh-session.entity';
import { SignatureRequestEntity } from './signature-request.entity';
import { StoredFileEntity } from './stored-file.entity';
import { TemplateEntity } from './template.entity';
import { UserEntity } from './user.entity';

export {
  CalendarDayEntity,
  DocumentConfidentialAccessEntity,
  DocumentDepartmentAccessEntity,
  DocumentEntity,
  DocumentSignatureEntity,
  DocumentSigningFlowEntryEntity,
  DocumentTypeEntity,
  ExternalRequesterEntity,
  MaterialItemEntity,
  ProcessConfidentialAccessEntity,
  ProcessDeadlineEntity,
  ProcessDocumentEntity,
  ProcessEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
  ProtocolEntity,
  PurchaseOrderEntity,
  PurchaseOrderHistoryEntity,
  PurchaseOrderItemEntity,
  AuditLogEntity,
  DepartmentEntity,
  NotificationEntity,
  OutboxEventEntity,
  RefreshSessionEntity,
  SignatureRequestEntity,
  StoredFileEntity,
  TemplateEntity,
  UserEntity,
};

/** Every TypeORM entity. A feature adds its entities here. */
export const ENTITIES = [
  DocumentEntity,
  DocumentDepartmentAccessEntity,
  DocumentConfidentialAccessEntity,
  SignatureRequestEntity,
  DocumentSigningFlowEntryEntity,
  DocumentSignatureEntity,
  DocumentTypeEntity,
  ProcessEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
  ProcessDocumentEntity,
  ProcessConfidentialAccessEntity,
  ExternalRequesterEntity,
  ProtocolEntity,
  UserEntity,
  DepartmentEntity,
  RefreshSessionEntity,
  AuditLogEntity,
  OutboxEventEntity,
  StoredFileEntity,
  NotificationEntity,
  MaterialItemEntity,
  PurchaseOrderEntity,
  PurchaseOrderItemEntity,
  PurchaseOrderHistoryEntity,
  TemplateEntity,
  CalendarDayEntity,
  ProcessDeadlineEntity,
];
