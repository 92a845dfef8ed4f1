import { Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import { DASHBOARD_RECENT_PROCESSES, type DashboardResponse } from '#server/contracts/dashboard';
import type { ProcessSummary } from '#server/contracts/processes';
import { Clock } from '#server/domain/clock';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { DocumentsService } from '../documents/documents.service';
import { parseProcessListFilters } from '../processes/process-list-filters';
import { toProcessSummaries } from '../processes/process-view';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { effectiveFigures } from '#server/domain/dashboard/dashboard-figures';
import { StoredDashboardFigures } from './stored-dashboard-figures';

/**
 * GET /dashboard: the worker's aggregates for the caller's two scopes (StoredDashboardFigures),
 * the first page of the caller's process list (the same query GET /processes runs, LIMIT 5) and
 * the caller's pending signatures (the documents module's own query).
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly stored: StoredDashboardFigures,
    private readonly processes: ProcessesRepository,
    private readonly documents: DocumentsService,
    private readonly clock: Clock,
    private readonly deadlineClock: DeadlineClock,
    private readonly config: AppConfig,
  ) {}

  async dashboard(user: AuthUser, status: unknown): Promise<DashboardResponse> {
    const filters = parseProcessListFilters({ status, limit: String(DASHBOARD_RECENT_PROCESSES) });
    const [aggregates, recentProcesses, pending] = await Promise.all([
      this.stored.of(user),
      this.recentProcesses(user, filters),
      this.documents.pendingSignatures(user),
    ]);
    const now = this.clock.now().getTime();
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

  private async recentProcesses(
    user: AuthUser,
    filters: ReturnType<typeof parseProcessListFilters>,
  ): Promise<ProcessSummary[]> {
    const bounds = await this.deadlineClock.context();
    const rows = await this.processes.listPage(user, filters, bounds);
    return toProcessSummaries(rows, this.deadlineClock, undefined, bounds);
  }
}
