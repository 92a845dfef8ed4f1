import { createZodDto } from 'nestjs-zod';
import { auditLogFiltersSchema, auditLogListQuerySchema, auditPeriodSchema } from '#server/contracts/audit';

export class AuditLogListQueryDto extends createZodDto(auditLogListQuerySchema) {}
export class AuditLogFiltersDto extends createZodDto(auditLogFiltersSchema) {}
export class AuditPeriodDto extends createZodDto(auditPeriodSchema) {}
