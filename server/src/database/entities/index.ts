import { AuditLogEntity } from './audit-log.entity';
import { DepartmentEntity } from './department.entity';
import { OutboxEventEntity } from './outbox-event.entity';
import { RefreshSessionEntity } from './refresh-session.entity';
import { StoredFileEntity } from './stored-file.entity';
import { UserEntity } from './user.entity';

export { AuditLogEntity, DepartmentEntity, OutboxEventEntity, RefreshSessionEntity, StoredFileEntity, UserEntity };

/** Every TypeORM entity. A feature adds its entities here. */
export const ENTITIES = [
  UserEntity,
  DepartmentEntity,
  RefreshSessionEntity,
  AuditLogEntity,
  OutboxEventEntity,
  StoredFileEntity,
];
