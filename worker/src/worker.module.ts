import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { pinoOptions } from '#server/app/logging';
import { DatabaseModule } from '#server/database/database.module';
import { QueueModule } from '#server/queue/queue.module';
import { RedisModule } from '#server/redis/redis.module';
import { FileStorageService } from '#server/modules/files/file-storage.service';
import { DashboardAggregatesService } from './dashboard/dashboard-aggregates.service';
import { DashboardOutboxHandler } from './dashboard/dashboard.outbox-handler';
import { NotificationsOutboxHandler } from './notifications/notifications.outbox-handler';
import { OUTBOX_HANDLERS } from './outbox/outbox-handler';
import { OutboxRelayService } from './outbox/outbox-relay.service';
import { OutboxProcessor } from './outbox/outbox.processor';
import { ProcessUpdatesOutboxHandler } from './processes/process-updates.outbox-handler';
import { DashboardProcessor } from './processors/dashboard.processor';
import { DocumentsProcessor } from './processors/documents.processor';
import { QUEUE_PROCESSORS } from './processors/queue-processor';
import { SystemProcessor } from './processors/system.processor';
import { EmitterService } from './realtime/emitter.service';
import { ChromiumService } from './renderers/pdf/chromium.service';
import { WorkerRunnerService } from './worker-runner.service';

/** Every queue processor; a feature adds its processor here. */
const PROCESSORS = [SystemProcessor, OutboxProcessor, DashboardProcessor, DocumentsProcessor];

/** Every outbox consumer run by the relay (OutboxRelayService); a feature adds its handler here. */
const OUTBOX_HANDLER_TYPES = [NotificationsOutboxHandler, ProcessUpdatesOutboxHandler, DashboardOutboxHandler];

@Module({
  imports: [
    LoggerModule.forRootAsync({ useFactory: () => pinoOptions('worker') }),
    DatabaseModule,
    RedisModule,
    QueueModule,
  ],
  providers: [
    EmitterService,
    FileStorageService,
    ChromiumService,
    ...OUTBOX_HANDLER_TYPES,
    { provide: OUTBOX_HANDLERS, useFactory: (...handlers: unknown[]) => handlers, inject: OUTBOX_HANDLER_TYPES },
    OutboxRelayService,
    DashboardAggregatesService,
    ...PROCESSORS,
    { provide: QUEUE_PROCESSORS, useFactory: (...processors: unknown[]) => processors, inject: PROCESSORS },
    WorkerRunnerService,
  ],
})
export class WorkerModule {}
