import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import { DASHBOARD_RECENT_PROCESSES, type DashboardResponse } from '#server/contracts/dashboard';
import type { ProcessSummary } from '#server/contracts/processes';
import { QueueService } from '#server/queue/queue.service';
import { Clock } from '#server/domain/clock';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { DocumentsService } from '../documents/documents.service';
import { parseProcessListFilters } from '../processes/process-list-filters';
import { toProcessSummaries } from '../processes/process-view';
import { DashboardAggregatesRepository } from '#server/repositories/dashboard-aggregates.repository';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { effectiveFigures, isSettled, scopesFor, sumScopeRows } from '#server/domain/dashboard/dashboard-figures';
import { dashboardRecomputeOptions } from '#server/domain/dashboard/dashboard-recompute';

/**
 * GET /dashboard: the worker's aggregates for the caller's two scopes (one primary-key read),
 * the first page of the caller's process list (the same query GET /processes runs, LIMIT 5) and
 * the caller's pending signatures (the documents module's own query).
 */
@Injectable()
export class DashboardService {
  private readonly logger = new Logger(DashboardService.name);

  constructor(
    private readonly stored: DashboardAggregatesRepository,
    private readonly processes: ProcessesRepository,
    private readonly documents: DocumentsService,
    private readonly queues: QueueService,
    private readonly clock: Clock,
    private readonly deadlineClock: DeadlineClock,
    private readonly config: AppConfig,
  ) {}

  async dashboard(user: AuthUser, status: unknown): Promise<DashboardResponse> {
    const filters = parseProcessListFilters({ status, limit: String(DASHBOARD_RECENT_PROCESSES) });
    const [aggregates, recentProcesses, pending] = await Promise.all([
      this.aggregates(user),
      this.recentProcesses(user, filters),
      this.documents.pendingSignatures(user),
    ]);
    const now = this.clock.now().getTime();
    if (!isSettled(aggregates.settledAt, now)) this.requestRecompute();
    const { activity, departmentDistribution, deadlines, ...counts } = effectiveFigures(
      aggregates.figures,
      now,
      this.config.TIME_ZONE,
    );
    return {
      stats: { ...counts, pendingSignatures: pending.length },
      recentProcesses,
      activity,
      departmentDistribution,
      pendingSignatures: pending.map((doc) => ({
        id: doc.id,
        title: doc.title,
        protocolNumber: doc.protocolNumber,
        department: doc.department,
      })),
      deadlines,
      computedAt: aggregates.computedAt?.toISOString() ?? null,
    };
  }

  /** The caller's figures: the sum of their two scope rows, read in one statement (one snapshot). */
  private async aggregates(user: AuthUser) {
    return sumScopeRows(await this.stored.findByScopes(scopesFor(user)));
  }

  private async recentProcesses(
    user: AuthUser,
    filters: ReturnType<typeof parseProcessListFilters>,
  ): Promise<ProcessSummary[]> {
    const bounds = await this.deadlineClock.context();
    const rows = await this.processes.listPage(user, filters, bounds);
    return toProcessSummaries(rows, this.deadlineClock, undefined, bounds);
  }

  private requestRecompute(): void {
    this.queues
      .enqueue('dashboard.recompute', { reason: 'stale' }, dashboardRecomputeOptions())
      .catch((error: unknown) => this.logger.warn({ err: error }, 'falha ao pedir o recálculo do painel'));
  }
}
