import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { QUEUES } from '#server/contracts/jobs';
import { QueueService } from '#server/queue/queue.service';
import { DashboardPublisherService } from '../dashboard/dashboard-publisher.service';
import { requestScheduledRecompute, scheduleDashboardRecomputes } from '../dashboard/dashboard-schedule';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/**
 * Queue `dashboard`: full recomputations (on the schedule of dashboard-schedule.ts, at boot, after
 * an import) and the refreshes after process changes (docs/dashboard.md#updates), each deduplicated
 * so that at most one of each runs (a scheduler's tick only asks for the deduplicated recomputation);
 * two at a time, so a refresh does not wait behind a full recomputation. A queue of its own would
 * cost every worker one more connection on the PostgreSQL coordination backend.
 */
@Injectable()
export class DashboardProcessor implements QueueProcessor<'dashboard'>, OnApplicationBootstrap {
  readonly queue = QUEUES.dashboard;
  readonly concurrency = 2;
  readonly handlers: JobHandlers<'dashboard'> = {
    'dashboard.recompute': (job) =>
      job.data.scheduled ? requestScheduledRecompute(this.queues, job.data.reason) : this.publisher.recompute(),
    'dashboard.refresh': () => this.publisher.refresh(),
  };

  constructor(
    private readonly publisher: DashboardPublisherService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return scheduleDashboardRecomputes(this.queues, this.config.TIME_ZONE);
  }
}
