import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { QUEUES } from '#server/contracts/jobs';
import { QueueService } from '#server/queue/queue.service';
import { ReportsRepository } from '#server/repositories/reports.repository';
import { DashboardPublisherService } from '../dashboard/dashboard-publisher.service';
import { requestScheduledRecompute, scheduleDashboardRecomputes } from '../dashboard/dashboard-schedule';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/** The processes report's per-day figures are folded this often (each change appends rows). */
export const REPORT_DAYS_FOLD_MS = 5 * 60_000;

/**
 * Queue `dashboard`: full recomputations (on the schedule of dashboard-schedule.ts, at boot, after
 * an import) and the refreshes after process changes (docs/dashboard.md#updates), each deduplicated
 * so that at most one of each runs (a scheduler's tick only asks for the deduplicated recomputation);
 * two at a time, so a refresh does not wait behind a full recomputation. It also folds the processes
 * report's per-day figures on a schedule (docs/reports.md#per-day-figures). A queue of its own would
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
    'report-days.fold': async () => ({ rows: await this.reports.foldReportDays() }),
  };

  constructor(
    private readonly publisher: DashboardPublisherService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
    private readonly reports: ReportsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleDashboardRecomputes(this.queues, this.config.TIME_ZONE);
    await this.queues.keepUp(QUEUES.dashboard, (queue) =>
      queue.upsertJobScheduler(
        'report-days.fold.every',
        { every: REPORT_DAYS_FOLD_MS },
        { name: 'report-days.fold', data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
      ),
    );
  }
}
