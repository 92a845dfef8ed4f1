import { type AuthUser, isAdmin } from '#server/common/auth-user';
import {
  DASHBOARD_ACTIVITY_DAYS,
  type DashboardActivityPoint,
  type DashboardDepartmentSlice,
} from '#server/contracts/dashboard';
import { localIsoDate } from '#server/contracts/dates';
import { PROCESS_AGING_DAYS, PROCESS_WARNING_DAYS } from '#server/contracts/processes';
import { addDays } from '../calendar/calendar-days';

/**
 * The stored dashboard aggregates and the pure arithmetic on them, shared by the worker (which
 * computes and compares them) and the server (which combines and answers them).
 *
 * Aggregates are kept per visibility scope, not per user: 'global' holds the non-confidential
 * processes (everyone sees them), 'confidential' every confidential process (admins add it), and
 * 'user:<id>' the confidential processes that user may see. A user's figures are the sum of two
 * rows: global + confidential for an admin, global + user:<id> for everyone else.
 *
 * Figures that move with the clock stay exact between recomputations: calendar-day series are
 * stored by day and windowed at read time, and the processes about to cross the 21/30-day
 * thresholds are stored with their last update ("crossings") and counted when their time comes.
 * Deadlines likewise (docs/deadlines.md#dashboard-card-and-report): the open shown deadlines due
 * before the day of the computation are stored as one count, those due in the next
 * DEADLINE_DUES_HORIZON_DAYS by due day, so 'Vencidos' and 'Vencem esta semana' follow the day of
 * the reading, not of the computation.
 */
export const DAY_MS = 86_400_000;
/** How far ahead of the computation the crossings are stored (recomputations run every few minutes). */
export const CROSSING_HORIZON_MS = 60 * 60_000;
export const AGING_MS = PROCESS_AGING_DAYS * DAY_MS;
export const WARNING_MS = PROCESS_WARNING_DAYS * DAY_MS;
/** Days after the computation's day whose due deadlines are stored by day (a week, plus a week's slack). */
export const DEADLINE_DUES_HORIZON_DAYS = 14;

export type Counts = Record<string, number>;
/** [last update in epoch milliseconds (floored), number of processes]. */
export type Crossing = [number, number];

export interface ScopeFigures {
  active: number;
  completed: number;
  /** 'pendente' and 'cancelado': with the two above, the process list's cards (docs/processes.md#list-counts). */
  pending: number;
  cancelled: number;
  /** Last update before computedAt − 30 days. */
  aging: number;
  /** Last update in [computedAt − 30 days, computedAt − 21 days). */
  warning: number;
  /** Last updates in [computedAt − 30 days, + horizon): they become aging as the clock moves. */
  agingCrossings: Crossing[];
  /** Last updates in [computedAt − 21 days, + horizon): they become warnings as the clock moves. */
  warningCrossings: Crossing[];
  /** History entries per calendar day (YYYY-MM-DD) of the last 30 days. */
  activity: Counts;
  /** Protocols registered per calendar day of the last 30 days. */
  protocols: Counts;
  /** Processes per current department. */
  departments: Counts;
  /** Processes whose shown deadline is open and was due before the day of the computation. */
  deadlinesOverdue: number;
  /** Processes whose shown deadline is open, per due day (YYYY-MM-DD) from that day on, within the horizon. */
  deadlineDues: Counts;
}

export const GLOBAL_SCOPE = 'global';
export const CONFIDENTIAL_SCOPE = 'confidential';
export const USER_SCOPE_PREFIX = 'user:';
export const userScope = (userId: string) => `${USER_SCOPE_PREFIX}${userId}`;
/** The two scopes kept per current department (and summed for the server). */
export const DEPARTMENT_SCOPES = [GLOBAL_SCOPE, CONFIDENTIAL_SCOPE] as const;
export type DepartmentScope = (typeof DEPARTMENT_SCOPES)[number];

/**
 * What one computation covers: the 'global'/'confidential' figures of the processes now in
 * `departments`, and the 'user:<id>' scopes of `users`; null means all of them (the full
 * recomputation). docs/dashboard.md#updates.
 */
export interface FigureSelection {
  departments: string[] | null;
  users: string[] | null;
}
export const ALL_FIGURES: FigureSelection = { departments: null, users: null };

/** The two rows a user's dashboard adds up. */
export function scopesFor(user: Pick<AuthUser, 'id' | 'role'>): [string, string] {
  return [GLOBAL_SCOPE, isAdmin(user) ? CONFIDENTIAL_SCOPE : userScope(user.id)];
}

export function emptyFigures(): ScopeFigures {
  return {
    active: 0,
    completed: 0,
    pending: 0,
    cancelled: 0,
    aging: 0,
    warning: 0,
    agingCrossings: [],
    warningCrossings: [],
    activity: {},
    protocols: {},
    departments: {},
    deadlinesOverdue: 0,
    deadlineDues: {},
  };
}

function addCounts(a: Counts, b: Counts): Counts {
  const sum = { ...a };
  for (const [key, value] of Object.entries(b)) sum[key] = (sum[key] ?? 0) + value;
  return sum;
}

export function mergeFigures(a: ScopeFigures, b: ScopeFigures): ScopeFigures {
  return {
    active: a.active + b.active,
    completed: a.completed + b.completed,
    pending: a.pending + b.pending,
    cancelled: a.cancelled + b.cancelled,
    aging: a.aging + b.aging,
    warning: a.warning + b.warning,
    agingCrossings: [...a.agingCrossings, ...b.agingCrossings],
    warningCrossings: [...a.warningCrossings, ...b.warningCrossings],
    activity: addCounts(a.activity, b.activity),
    protocols: addCounts(a.protocols, b.protocols),
    departments: addCounts(a.departments, b.departments),
    deadlinesOverdue: a.deadlinesOverdue + b.deadlinesOverdue,
    deadlineDues: addCounts(a.deadlineDues, b.deadlineDues),
  };
}

/** A stored row of one scope (table `dashboard_aggregates`). */
export interface StoredScopeRow {
  figures: ScopeFigures;
  computed_at: Date;
  settled_at: Date | null;
}

/** Older stored figures than this mean the worker's schedule stalled (docs/dashboard.md#updates). */
export const STALE_AFTER_MS = 10 * 60_000;

/**
 * A user's figures: the sum of their scope rows. `computedAt`: the latest computation that wrote
 * them; `settledAt`: the oldest part's (a change refreshes only its departments; the full
 * recomputation all of them, docs/dashboard.md#updates). Null without rows.
 */
export function sumScopeRows(rows: StoredScopeRow[]): {
  figures: ScopeFigures;
  computedAt: Date | null;
  settledAt: Date | null;
} {
  const times = (pick: (row: StoredScopeRow) => Date) => rows.map((row) => pick(row).getTime());
  return {
    // A row stored before a figure existed (until the worker's next run) lacks it: zero.
    figures: rows.reduce((sum, row) => mergeFigures(sum, { ...emptyFigures(), ...row.figures }), emptyFigures()),
    computedAt: rows.length ? new Date(Math.max(...times((row) => row.computed_at))) : null,
    settledAt: rows.length ? new Date(Math.min(...times((row) => row.settled_at ?? row.computed_at))) : null,
  };
}

/** Whether figures settled at `settledAt` may still be served at `nowMs`. */
export const isSettled = (settledAt: Date | null, nowMs: number): settledAt is Date =>
  settledAt !== null && nowMs - settledAt.getTime() <= STALE_AFTER_MS;

/** The DASHBOARD_ACTIVITY_DAYS calendar days ending with the day of `ms` in `timeZone`, oldest first. */
export function activityWindow(ms: number, timeZone: string): string[] {
  const [year, month, day] = localIsoDate(ms, timeZone).split('-').map(Number);
  return Array.from({ length: DASHBOARD_ACTIVITY_DAYS }, (_, i) =>
    localIsoDate(Date.UTC(year, month - 1, day - (DASHBOARD_ACTIVITY_DAYS - 1 - i)), 'UTC'),
  );
}

/** The Sunday that ends the week (Monday to Sunday) of `day`. */
export function endOfWeek(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, (7 - weekday) % 7);
}

/** 'Vencidos' and 'Vencem esta semana' on `today` (YYYY-MM-DD in TIME_ZONE, DeadlineClock.today()). */
export function deadlineFigures(figures: ScopeFigures, today: string): { overdue: number; dueThisWeek: number } {
  const sunday = endOfWeek(today);
  let overdue = figures.deadlinesOverdue;
  let dueThisWeek = 0;
  for (const [day, count] of Object.entries(figures.deadlineDues)) {
    if (day < today) overdue += count;
    else if (day <= sunday) dueThisWeek += count;
  }
  return { overdue, dueThisWeek };
}

const crossedBefore = (crossings: Crossing[], cutoffMs: number) =>
  crossings.reduce((sum, [lastUpdate, count]) => (lastUpdate < cutoffMs ? sum + count : sum), 0);

/** What a user sees at `nowMs` (at or after the computation; crossings and day windows applied). */
export interface EffectiveFigures {
  active: number;
  completed: number;
  aging: number;
  warning: number;
  recentProtocols: number;
  activity: DashboardActivityPoint[];
  departmentDistribution: DashboardDepartmentSlice[];
  deadlines: { overdue: number; dueThisWeek: number };
}

export function effectiveFigures(figures: ScopeFigures, nowMs: number, timeZone: string): EffectiveFigures {
  const becameAging = crossedBefore(figures.agingCrossings, nowMs - AGING_MS);
  const becameWarning = crossedBefore(figures.warningCrossings, nowMs - WARNING_MS);
  const days = activityWindow(nowMs, timeZone);
  return {
    active: figures.active,
    completed: figures.completed,
    aging: figures.aging + becameAging,
    warning: figures.warning + becameWarning - becameAging,
    recentProtocols: days.reduce((sum, day) => sum + (figures.protocols[day] ?? 0), 0),
    activity: days.map((date) => ({ date, count: figures.activity[date] ?? 0 })),
    departmentDistribution: Object.entries(figures.departments)
      .filter(([, count]) => count > 0)
      .map(([department, count]) => ({ department, count }))
      .sort((a, b) => b.count - a.count || a.department.localeCompare(b.department, 'pt-BR')),
    deadlines: deadlineFigures(figures, localIsoDate(nowMs, timeZone)),
  };
}
