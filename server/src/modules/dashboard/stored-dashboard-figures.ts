import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { QueueService } from '#server/queue/queue.service';
import { Clock } from '#server/domain/clock';
import { isSettled, scopesFor, sumScopeRows } from '#server/domain/dashboard/dashboard-figures';
import { dashboardRecomputeOptions } from '#server/domain/dashboard/dashboard-recompute';
import { DashboardAggregatesRepository } from '#server/repositories/dashboard-aggregates.repository';

/**
 * The worker's stored figures of a caller's two scopes, for the dashboard and the process list's
 * cards (docs/dashboard.md#updates): when they are not settled (older than 10 minutes, or rows of an
 * older version), a recomputation is asked for, so a stalled schedule mends itself.
 */
@Injectable()
export class StoredDashboardFigures {
  private readonly logger = new Logger(StoredDashboardFigures.name);

  constructor(
    private readonly stored: DashboardAggregatesRepository,
    private readonly queues: QueueService,
    private readonly clock: Clock,
  ) {}

  /** The sum of the caller's scope rows, read in one statement (one snapshot), and whether it is settled. */
  async of(user: AuthUser) {
    const rows = await this.stored.findByScopes(scopesFor(user));
    const sum = sumScopeRows(rows);
    // Rows an older worker stored lack the figures added since (the cards' pending and cancelled).
    const current = rows.every((row) => 'pending' in row.figures);
    const settled = current && isSettled(sum.settledAt, this.clock.now().getTime());
    if (!settled) this.requestRecompute();
    return { ...sum, settled };
  }

  private requestRecompute(): void {
    this.queues
      .enqueue('dashboard.recompute', { reason: 'stale' }, dashboardRecomputeOptions())
      .catch((error: unknown) => this.logger.warn({ err: error }, 'falha ao pedir o recálculo do painel'));
  }
}
