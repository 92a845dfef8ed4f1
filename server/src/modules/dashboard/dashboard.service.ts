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
import {
  effectiveFigures,
  emptyFigures,
  mergeFigures,
  type ScopeFigures,
  scopesFor,
} from '#server/domain/dashboard/dashboard-figures';
import { dashboardRecomputeOptions } from '#server/domain/dashboard/dashboard-recompute';

/** Older aggregates than this mean the worker's schedule stalled: ask for a recomputation. */
const STALE_AFTER_MS = 10 * 60_000;

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
    if (!aggregates.settledAt || now - aggregates.settledAt.getTime() > STALE_AFTER_MS) this.requestRecompute();
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

  /**
   * The caller's figures: the sum of their two scope rows, read in one statement (one snapshot).
   * `computedAt`: the latest computation that wrote them; `settledAt`: the oldest part's (a change
   * refreshes only its departments; the full recomputation all of them, docs/dashboard.md#updates).
   */
  private async aggregates(
    user: AuthUser,
  ): Promise<{ figures: ScopeFigures; computedAt: Date | null; settledAt: Date | null }> {
    const rows = await this.stored.findByScopes(scopesFor(user));
    const times = (pick: (row: (typeof rows)[number]) => Date) => rows.map((row) => pick(row).getTime());
    return {
      // A row stored before a figure existed (until the worker's next run) lacks it: zero.
      figures: rows.reduce((sum, row) => mergeFigures(sum, { ...emptyFigures(), ...row.figures }), emptyFigures()),
      computedAt: rows.length ? new Date(Math.max(...times((row) => row.computed_at))) : null,
      settledAt: rows.length ? new Date(Math.min(...times((row) => row.settled_at ?? row.computed_at))) : null,
    };
  }

  private async recentProcesses(
    user: AuthUser,
    filters: ReturnType<typeof parseProcessListFilters>,
  ): Promise<ProcessSummary[]> {
    const rows = await this.processes.listPage(user, filters, await this.deadlineClock.context());
    return toProcessSummaries(rows, this.deadlineClock);
  }

  private requestRecompute(): void {
    this.queues
      .enqueue('dashboard.recompute', { reason: 'stale' }, dashboardRecomputeOptions())
      .catch((error: unknown) => this.logger.warn({ err: error }, 'falha ao pedir o recálculo do painel'));
  }
}
