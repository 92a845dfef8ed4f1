import { Injectable } from '@nestjs/common';
import { QUEUES } from '#server/contracts/jobs';
import { DashboardPublisherService } from '../dashboard/dashboard-publisher.service';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/**
 * Queue `dashboard-refresh`, one job at a time: refreshes the departments and users a process
 * change asked for. Its own queue, so a refresh never waits behind a full recomputation
 * (docs/dashboard.md#updates).
 */
@Injectable()
export class DashboardRefreshProcessor implements QueueProcessor<'dashboard-refresh'> {
  readonly queue = QUEUES.dashboardRefresh;
  readonly concurrency = 1;
  readonly handlers: JobHandlers<'dashboard-refresh'> = { 'dashboard.refresh': () => this.publisher.refresh() };

  constructor(private readonly publisher: DashboardPublisherService) {}
}
