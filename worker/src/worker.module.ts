import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { pinoOptions } from '#server/app/logging';
import { DatabaseModule } from '#server/database/database.module';
import { QueueModule } from '#server/queue/queue.module';
import { RedisModule } from '#server/redis/redis.module';
import { QUEUE_PROCESSORS } from './processors/queue-processor';
import { SystemProcessor } from './processors/system.processor';
import { EmitterService } from './realtime/emitter.service';
import { WorkerRunnerService } from './worker-runner.service';

/** Every queue processor; a feature adds its processor here. */
const PROCESSORS = [SystemProcessor];

@Module({
  imports: [
    LoggerModule.forRootAsync({ useFactory: () => pinoOptions('worker') }),
    DatabaseModule,
    RedisModule,
    QueueModule,
  ],
  providers: [
    EmitterService,
    ...PROCESSORS,
    { provide: QUEUE_PROCESSORS, useFactory: (...processors: unknown[]) => processors, inject: PROCESSORS },
    WorkerRunnerService,
  ],
})
export class WorkerModule {}
