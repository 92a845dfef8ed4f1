import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { DASHBOARD_ACTIVITY_DAYS } from '#server/contracts/dashboard';
import { localIsoDate } from '#server/contracts/dates';
import { addDays } from '#server/domain/calendar/calendar-days';
import { Clock } from '#server/domain/clock';
import {
  AGING_MS,
  CONFIDENTIAL_SCOPE,
  CROSSING_HORIZON_MS,
  DEADLINE_DUES_HORIZON_DAYS,
  emptyFigures,
  GLOBAL_SCOPE,
  type ScopeFigures,
  WARNING_MS,
} from '#server/domain/dashboard/dashboard-figures';
import {
  DashboardAggregatesRepository,
  type DashboardSnapshot,
  type StoredAggregates,
} from '#server/repositories/dashboard-aggregates.repository';

/** Computes every scope's figures from one snapshot and replaces the stored rows. */
@Injectable()
export class DashboardAggregatesService {
  constructor(
    private readonly stored: DashboardAggregatesRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** Recomputes and stores; returns the previous and the new aggregates (for change detection). */
  recompute(): Promise<{ previous: StoredAggregates | null; current: StoredAggregates }> {
    return this.stored.replaceAll((snapshot) => this.compute(snapshot, this.clock.now()));
  }

  /** Every scope's figures at `at`, computed in one snapshot. */
  private async compute(snapshot: DashboardSnapshot, at: Date): Promise<StoredAggregates> {
    const scopes = new Map<string, ScopeFigures>([
      [GLOBAL_SCOPE, emptyFigures()],
      [CONFIDENTIAL_SCOPE, emptyFigures()],
    ]);
    const figuresOf = (scope: string) => {
      let figures = scopes.get(scope);
      if (!figures) scopes.set(scope, (figures = emptyFigures()));
      return figures;
    };
    const agingCutoff = new Date(at.getTime() - AGING_MS);
    const warningCutoff = new Date(at.getTime() - WARNING_MS);

    const counts = await snapshot.processCounts(agingCutoff, warningCutoff);
    for (const row of counts) {
      const figures = figuresOf(row.scope);
      figures.active += row.active;
      figures.completed += row.completed;
      figures.aging += row.aging;
      figures.warning += row.warning;
      figures.departments[row.department] = row.total;
    }

    const crossings = await snapshot.crossings(CROSSING_HORIZON_MS, agingCutoff, warningCutoff);
    for (const row of crossings) {
      const figures = figuresOf(row.scope);
      (row.kind === 'aging' ? figures.agingCrossings : figures.warningCrossings).push([Number(row.ms), row.count]);
    }

    const activity = await snapshot.dailyActivity(at, this.config.TIME_ZONE, DASHBOARD_ACTIVITY_DAYS);
    for (const row of activity) figuresOf(row.scope).activity[row.day] = row.count;
    const protocols = await snapshot.dailyProtocols(at, this.config.TIME_ZONE, DASHBOARD_ACTIVITY_DAYS);
    for (const row of protocols) figuresOf(row.scope).protocols[row.day] = row.count;

    // The day of `at` in TIME_ZONE, as DeadlineClock.today() reads it (docs/deadlines.md#dashboard-card-and-report).
    const today = localIsoDate(at, this.config.TIME_ZONE);
    const dues = await snapshot.deadlineDues(today, addDays(today, DEADLINE_DUES_HORIZON_DAYS));
    for (const row of dues) {
      const figures = figuresOf(row.scope);
      if (row.day === null) figures.deadlinesOverdue += row.count;
      else figures.deadlineDues[row.day] = row.count;
    }

    for (const figures of scopes.values()) {
      figures.agingCrossings.sort((a, b) => a[0] - b[0]);
      figures.warningCrossings.sort((a, b) => a[0] - b[0]);
    }
    return { computedAt: at, scopes };
  }
}
