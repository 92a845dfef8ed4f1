import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { QUEUES } from '#server/contracts/jobs';
import { QueueService } from '#server/queue/queue.service';
import { DashboardPublisherService } from '../dashboard/dashboard-publisher.service';
import { scheduleDashboardRecomputes } from '../dashboard/dashboard-schedule';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/**
 * Queue `dashboard`, one job at a time: recomputes the aggregates after process changes
 * (deduplicated), on the schedule of dashboard-schedule.ts and once at boot, and pushes the change.
 */
@Injectable()
export class DashboardProcessor implements QueueProcessor<'dashboard'>, OnApplicationBootstrap {
  readonly queue = QUEUES.dashboard;
  readonly concurrency = 1;
  readonly handlers: JobHandlers<'dashboard'> = { 'dashboard.recompute': () => this.publisher.recompute() };

  constructor(
    private readonly publisher: DashboardPublisherService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return scheduleDashboardRecomputes(this.queues, this.config.TIME_ZONE);
  }
}
