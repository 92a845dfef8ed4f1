import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { rooms } from '#server/contracts/socket-events';
import {
  CONFIDENTIAL_SCOPE,
  effectiveFigures,
  emptyFigures,
  GLOBAL_SCOPE,
  USER_SCOPE_PREFIX,
} from '#server/domain/dashboard/dashboard-figures';
import type { StoredAggregates } from '#server/repositories/dashboard-aggregates.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import { EmitterService } from '../realtime/emitter.service';
import { DashboardAggregatesService, type StoredChange } from './dashboard-aggregates.service';
import { DashboardRefreshPace } from './dashboard-refresh-pace';

/**
 * Computes the aggregates (all of them, or the departments and users a change asked for) and
 * pushes `dashboard:updated` to the users whose figures changed: every signed-in socket for the global scope,
 * admins for the confidential one, and the owner of each changed user scope.
 */
@Injectable()
export class DashboardPublisherService {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly users: UsersRepository,
    private readonly aggregates: DashboardAggregatesService,
    private readonly emitter: EmitterService,
    private readonly config: AppConfig,
    private readonly pace: DashboardRefreshPace,
  ) {}

  /** The full recomputation (schedule, boot, imports, confidentiality changes). */
  recompute() {
    return this.publish('painel recalculado', () => this.aggregates.recompute());
  }

  /** The refresh of what process changes asked for (docs/dashboard.md#updates); its time paces the next. */
  async refresh() {
    const result = await this.publish('painel atualizado', () => this.aggregates.refresh());
    this.pace.record(result.ms);
    return result;
  }

  private async publish(done: string, compute: () => Promise<StoredChange | null>) {
    const started = Date.now();
    const change = await compute();
    if (!change) return { scopes: 0, notified: 0, ms: Date.now() - started };
    const targets = await this.changedRooms(change.previous, change.current);
    this.emitter.emitToRooms(targets, 'dashboard:updated', { computedAt: change.current.computedAt.toISOString() });
    const result = { scopes: change.current.scopes.size, notified: targets.length, ms: Date.now() - started };
    this.logger.debug(result, done);
    return result;
  }

  /** User rooms whose figures (as seen now) differ between the two aggregates. */
  private async changedRooms(previous: StoredAggregates | null, current: StoredAggregates): Promise<string[]> {
    const now = current.computedAt.getTime();
    // What the dashboard shows, and the process list's cards, which add the pending and cancelled.
    const seen = (aggregates: StoredAggregates | null, scope: string) => {
      const figures = aggregates?.scopes.get(scope) ?? emptyFigures();
      const { pending, cancelled } = { ...emptyFigures(), ...figures };
      return JSON.stringify({ ...effectiveFigures(figures, now, this.config.TIME_ZONE), pending, cancelled });
    };
    const changed = (scope: string) => seen(previous, scope) !== seen(current, scope);

    // Everyone sees the global figures: one room for all signed-in sockets (not 50,000 user rooms).
    if (changed(GLOBAL_SCOPE)) return [rooms.signedIn];
    const userIds = new Set<string>();
    if (changed(CONFIDENTIAL_SCOPE)) for (const id of await this.users.activeAdminIds()) userIds.add(id);
    const userScopes = new Set([...(previous?.scopes.keys() ?? []), ...current.scopes.keys()]);
    for (const scope of userScopes) {
      if (scope.startsWith(USER_SCOPE_PREFIX) && changed(scope)) userIds.add(scope.slice(USER_SCOPE_PREFIX.length));
    }
    return [...userIds].map(rooms.user);
  }
}
