import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { DASHBOARD_ACTIVITY_DAYS } from '#server/contracts/dashboard';
import { localIsoDate } from '#server/contracts/dates';
import { addDays } from '#server/domain/calendar/calendar-days';
import { Clock } from '#server/domain/clock';
import {
  AGING_MS,
  ALL_FIGURES,
  CROSSING_HORIZON_MS,
  DEADLINE_DUES_HORIZON_DAYS,
  type DepartmentScope,
  emptyFigures,
  type FigureSelection,
  type ScopeFigures,
  USER_SCOPE_PREFIX,
  WARNING_MS,
} from '#server/domain/dashboard/dashboard-figures';
import {
  type ComputedFigures,
  DashboardAggregatesRepository,
  type DashboardSnapshot,
  type RefreshRequest,
  type SelectionReads,
  type StoredAggregates,
} from '#server/repositories/dashboard-aggregates.repository';

/** The stored figures before and after a computation, as the server reads them. */
export interface StoredChange {
  previous: StoredAggregates | null;
  current: StoredAggregates;
}

/**
 * Computes figures from one snapshot and stores them (docs/dashboard.md#updates): everything (the
 * full recomputation), or only the departments and users a change asked for (the refresh).
 */
@Injectable()
export class DashboardAggregatesService {
  constructor(
    private readonly stored: DashboardAggregatesRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** Recomputes every figure and stores it (one full recomputation at a time). */
  recompute(): Promise<StoredChange | null> {
    return this.computeAndStore(true, () => ALL_FIGURES);
  }

  /**
   * Refreshes the departments and users whose refresh was asked for; null when none was. Until a
   * full recomputation has stored the department rows there is nothing to refresh: it runs one.
   */
  refresh(): Promise<StoredChange | null> {
    return this.computeAndStore(false, (snapshot) =>
      snapshot.settled ? requestedFigures(snapshot.requests) : ALL_FIGURES,
    );
  }

  private async computeAndStore(
    exclusive: boolean,
    choose: (snapshot: DashboardSnapshot) => FigureSelection | null,
  ): Promise<StoredChange | null> {
    const at = this.clock.now();
    const computed = await this.stored.inSnapshot(exclusive, async (snapshot) => {
      const selection = choose(snapshot);
      if (!selection) return null;
      const figures = await this.compute(await snapshot.select(selection), at);
      return { selection, figures, snapshotAt: snapshot.snapshotAt, requests: snapshot.requests };
    });
    if (!computed) return null;
    return this.stored.store(computed.selection, computed.figures, computed.snapshotAt, computed.requests);
  }

  /** The figures of one selection at `at`, from its reads in one snapshot. */
  private async compute(reads: SelectionReads, at: Date): Promise<ComputedFigures> {
    const departments = new Map<string, Map<DepartmentScope, ScopeFigures>>();
    const users = new Map<string, ScopeFigures>();
    // A 'user:<id>' row adds to that user's scope; any other to its department's 'global' or 'confidential'.
    const figuresOf = (row: { scope: string; department: string | null }): ScopeFigures => {
      if (row.scope.startsWith(USER_SCOPE_PREFIX)) return entry(users, row.scope, emptyFigures);
      const scopes = entry(departments, row.department ?? '', () => new Map<DepartmentScope, ScopeFigures>());
      return entry(scopes, row.scope as DepartmentScope, emptyFigures);
    };
    const agingCutoff = new Date(at.getTime() - AGING_MS);
    const warningCutoff = new Date(at.getTime() - WARNING_MS);

    for (const row of await reads.processCounts(agingCutoff, warningCutoff)) {
      const figures = figuresOf(row);
      figures.active += row.active;
      figures.completed += row.completed;
      figures.pending += row.pending;
      figures.cancelled += row.cancelled;
      figures.aging += row.aging;
      figures.warning += row.warning;
      figures.departments[row.department] = (figures.departments[row.department] ?? 0) + row.total;
    }

    for (const row of await reads.crossings(CROSSING_HORIZON_MS, agingCutoff, warningCutoff)) {
      const figures = figuresOf(row);
      (row.kind === 'aging' ? figures.agingCrossings : figures.warningCrossings).push([Number(row.ms), row.count]);
    }

    for (const row of await reads.dailyActivity(at, this.config.TIME_ZONE, DASHBOARD_ACTIVITY_DAYS)) {
      figuresOf(row).activity[row.day] = row.count;
    }
    for (const row of await reads.dailyProtocols(at, this.config.TIME_ZONE, DASHBOARD_ACTIVITY_DAYS)) {
      figuresOf(row).protocols[row.day] = row.count;
    }

    // The day of `at` in TIME_ZONE, as DeadlineClock.today() reads it (docs/deadlines.md#dashboard-card-and-report).
    const today = localIsoDate(at, this.config.TIME_ZONE);
    for (const row of await reads.deadlineDues(today, addDays(today, DEADLINE_DUES_HORIZON_DAYS))) {
      const figures = figuresOf(row);
      if (row.day === null) figures.deadlinesOverdue += row.count;
      else figures.deadlineDues[row.day] = row.count;
    }

    const all = [...users.values(), ...[...departments.values()].flatMap((scopes) => [...scopes.values()])];
    for (const figures of all) {
      figures.agingCrossings.sort((a, b) => a[0] - b[0]);
      figures.warningCrossings.sort((a, b) => a[0] - b[0]);
    }
    return { computedAt: at, departments, users };
  }
}

/** The selection the refresh requests ask for; null when there are none. */
function requestedFigures(requests: RefreshRequest[]): FigureSelection | null {
  if (requests.length === 0) return null;
  const keys = (kind: RefreshRequest['kind']) => requests.filter((r) => r.kind === kind).map((r) => r.key);
  return { departments: keys('department'), users: keys('user') };
}

function entry<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = create()));
  return value;
}
