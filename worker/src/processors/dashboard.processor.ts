import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { loadEnv } from '#server/config/env';
import { QUEUES } from '#server/contracts/jobs';
import { rooms } from '#server/contracts/socket-events';
import {
  CONFIDENTIAL_SCOPE,
  effectiveFigures,
  emptyFigures,
  GLOBAL_SCOPE,
  USER_SCOPE_PREFIX,
} from '#server/domain/dashboard/dashboard-figures';
import { dashboardRecomputeOptions } from '#server/domain/dashboard/dashboard-recompute';
import { QueueService } from '#server/queue/queue.service';
import { DashboardAggregatesService, type StoredAggregates } from '../dashboard/dashboard-aggregates.service';
import { activeAdminIds } from '../processes/process-audience';
import { EmitterService } from '../realtime/emitter.service';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/** Aging moves with the clock: recompute this often even without changes (and right after midnight). */
export const DASHBOARD_SCHEDULE_MS = 5 * 60_000;

/**
 * Queue `dashboard`: recomputes the aggregates (after process changes, deduplicated; every
 * DASHBOARD_SCHEDULE_MS; at midnight; once at boot) and pushes `dashboard:updated` to the users
 * whose figures changed: everyone for the global scope, admins for the confidential one, and the
 * owner of each changed user scope.
 */
@Injectable()
export class DashboardProcessor implements QueueProcessor<'dashboard'>, OnApplicationBootstrap {
  private readonly logger = new Logger('Dashboard');
  readonly queue = QUEUES.dashboard;
  readonly concurrency = 1;
  readonly handlers: JobHandlers<'dashboard'> = { 'dashboard.recompute': () => this.recompute() };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly aggregates: DashboardAggregatesService,
    private readonly emitter: EmitterService,
    private readonly queues: QueueService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const template = (reason: string) => ({
      name: 'dashboard.recompute' as const,
      data: { reason },
      opts: { removeOnComplete: true, removeOnFail: 100 },
    });
    await this.queues.keepUp(QUEUES.dashboard, async (queue) => {
      await queue.upsertJobScheduler(
        'dashboard.recompute.every',
        { every: DASHBOARD_SCHEDULE_MS },
        template('schedule'),
      );
      await queue.upsertJobScheduler(
        'dashboard.recompute.midnight',
        { pattern: '0 0 * * *', tz: loadEnv().TIME_ZONE },
        template('midnight'),
      );
    });
    await this.queues.enqueue('dashboard.recompute', { reason: 'boot' }, dashboardRecomputeOptions());
  }

  private async recompute() {
    const started = Date.now();
    const { previous, current } = await this.aggregates.recompute();
    const targets = await this.changedRooms(previous, current);
    this.emitter.emitToRooms(targets, 'dashboard:updated', { computedAt: current.computedAt.toISOString() });
    const result = { scopes: current.scopes.size, notified: targets.length, ms: Date.now() - started };
    this.logger.debug(result, 'painel recalculado');
    return result;
  }

  /** User rooms whose figures (as seen now) differ between the two aggregates. */
  private async changedRooms(previous: StoredAggregates | null, current: StoredAggregates): Promise<string[]> {
    const now = current.computedAt.getTime();
    const seen = (aggregates: StoredAggregates | null, scope: string) =>
      JSON.stringify(effectiveFigures(aggregates?.scopes.get(scope) ?? emptyFigures(), now));
    const changed = (scope: string) => seen(previous, scope) !== seen(current, scope);

    if (changed(GLOBAL_SCOPE)) {
      const users: { id: string }[] = await this.dataSource.query(`SELECT id FROM users WHERE status = 'active'`);
      return users.map((u) => rooms.user(u.id));
    }
    const userIds = new Set<string>();
    if (changed(CONFIDENTIAL_SCOPE)) for (const id of await activeAdminIds(this.dataSource.manager)) userIds.add(id);
    const userScopes = new Set([...(previous?.scopes.keys() ?? []), ...current.scopes.keys()]);
    for (const scope of userScopes) {
      if (scope.startsWith(USER_SCOPE_PREFIX) && changed(scope)) userIds.add(scope.slice(USER_SCOPE_PREFIX.length));
    }
    return [...userIds].map(rooms.user);
  }
}
