import { LaiExtensionMailOutboxHandler } from './lai/lai-extension-mail.outbox-handler';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { pinoOptions } from '#server/app/logging';
import { AppConfig, ConfigModule } from '#server/config/config.module';
import { CoordinationModule } from '#server/coordination/coordination.module';
import { DatabaseModule } from '#server/database/database.module';
import { RepositoriesModule } from '#server/repositories/repositories.module';
import { QueueModule } from '#server/queue/queue.module';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { TimeModule } from '#server/domain/deadlines/time.module';
import { AuditExportService } from './audit/audit-export.service';
import { AuditRetentionService } from './audit/audit-retention.service';
import { AuditSealerService } from './audit/audit-sealer.service';
import { DashboardAggregatesService } from './dashboard/dashboard-aggregates.service';
import { DashboardOutboxHandler } from './dashboard/dashboard.outbox-handler';
import { DashboardPublisherService } from './dashboard/dashboard-publisher.service';
import { DashboardRefreshPace } from './dashboard/dashboard-refresh-pace';
import { DeadlineRemindersService } from './deadlines/deadline-reminders.service';
import { MailProcessor } from './processors/mail.processor';
import { MailerService } from './mail/mailer.service';
import { NotificationsOutboxHandler } from './notifications/notifications.outbox-handler';
import { OUTBOX_HANDLERS } from './outbox/outbox-handler';
import { OutboxRelayService } from './outbox/outbox-relay.service';
import { OutboxProcessor } from './processors/outbox.processor';
import { ProcessUpdatesOutboxHandler } from './processes/process-updates.outbox-handler';
import { RequesterUpdatesOutboxHandler } from './processes/requester-updates.outbox-handler';
import { AuditProcessor } from './processors/audit.processor';
import { DashboardProcessor } from './processors/dashboard.processor';
import { DeadlinesProcessor } from './processors/deadlines.processor';
import { DocumentsProcessor } from './processors/documents.processor';
import { type AnyQueueProcessor, checkQueueProcessors, QUEUE_PROCESSORS } from './processors/queue-processor';
import { ExportsProcessor } from './processors/exports.processor';
import { PurchaseOrderUpdatesOutboxHandler } from './purchase-orders/purchase-order-updates.outbox-handler';
import { SystemProcessor } from './processors/system.processor';
import { EmitterService } from './realtime/emitter.service';
import { ChromiumService } from './renderers/pdf/chromium.service';
import { LibreOfficeService } from './renderers/pdf/libreoffice.service';
import { TemplateDocxRenderer } from './renderers/template/template-docx.renderer';
import { TemplateImages } from './renderers/template/template-images';
import { TemplatePdfRenderer } from './renderers/template/template-pdf.renderer';
import { ReportExportService } from './reports/report-export.service';
import { WorkerRunnerService } from './worker-runner.service';

/**
 * Every queue processor; a feature adds its processor here. The list is checked when the worker
 * boots: a queue without a processor or a job without a handler stops it before any job runs.
 */
export const PROCESSORS = [
  SystemProcessor,
  OutboxProcessor,
  DashboardProcessor,
  DocumentsProcessor,
  AuditProcessor,
  ExportsProcessor,
  MailProcessor,
  DeadlinesProcessor,
];

/** Every outbox consumer run by the relay (OutboxRelayService); a feature adds its handler here. */
const OUTBOX_HANDLER_TYPES = [
  NotificationsOutboxHandler,
  ProcessUpdatesOutboxHandler,
  RequesterUpdatesOutboxHandler,
  DashboardOutboxHandler,
  PurchaseOrderUpdatesOutboxHandler,
  LaiExtensionMailOutboxHandler,
];

@Module({
  imports: [
    ConfigModule,
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => pinoOptions('worker', config),
    }),
    DatabaseModule,
    RepositoriesModule,
    TimeModule,
    CoordinationModule,
    QueueModule,
  ],
  providers: [
    EmitterService,
    FileStorageService,
    ChromiumService,
    LibreOfficeService,
    TemplateImages,
    TemplatePdfRenderer,
    TemplateDocxRenderer,
    MailerService,
    ...OUTBOX_HANDLER_TYPES,
    { provide: OUTBOX_HANDLERS, useFactory: (...handlers: unknown[]) => handlers, inject: OUTBOX_HANDLER_TYPES },
    OutboxRelayService,
    DashboardAggregatesService,
    DashboardPublisherService,
    DashboardRefreshPace,
    AuditSealerService,
    AuditRetentionService,
    AuditExportService,
    ReportExportService,
    DeadlineRemindersService,
    ...PROCESSORS,
    {
      provide: QUEUE_PROCESSORS,
      useFactory: (...processors: AnyQueueProcessor[]) => checkQueueProcessors(processors),
      inject: PROCESSORS,
    },
    WorkerRunnerService,
  ],
})
export class WorkerModule {}
