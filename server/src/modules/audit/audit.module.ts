import { Global, Module } from '@nestjs/common';
import { AuditLogsService } from './audit-logs.service';
import { AuditService } from './audit.service';
import { LogsController } from './logs.controller';

@Global()
@Module({ controllers: [LogsController], providers: [AuditService, AuditLogsService], exports: [AuditService] })
export class AuditModule {}
