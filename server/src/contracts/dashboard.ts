/**
 * Dashboard (docs/dashboard.md#screen, docs/dashboard.md#limits).
 *
 * - GET /dashboard?status=  -> DashboardResponse. `status` filters only `recentProcesses`, exactly
 *     as GET /processes does: absent or 'all' for every status, 'em andamento', 'concluído' (also
 *     'concluido'; the screen offers these three); an unknown value answers 400 'Status de processo
 *     inválido.'.
 *
 * Every figure counts only the processes the caller may see (a confidential process counts only for
 * admins, its creator and the users on its access list), exactly as GET /processes lists them. The
 * figures come from aggregates the worker recomputes after every process change and every few
 * minutes; `computedAt` is the time of that recomputation (null before the first one). After a
 * recomputation that changed what a user sees, the server pushes `dashboard:updated` to that user.
 */
import { z } from 'zod';
import { processSummarySchema } from './processes';
import { FIELDS } from './schema-fields';

const { uuid, text, dateTime, count } = FIELDS;

export const DASHBOARD_RECENT_PROCESSES = 5;
/** Days of the activity series and of "recent protocols" (today included). */
export const DASHBOARD_ACTIVITY_DAYS = 30;
export const DASHBOARD_STATUS_FILTERS = ['all', 'em andamento', 'concluído'] as const;
export type DashboardStatusFilter = (typeof DASHBOARD_STATUS_FILTERS)[number];

const dashboardStatsSchema = z.strictObject({
  /** Status 'em andamento'. */
  active: count,
  /** Status 'concluído'. */
  completed: count,
  /** Any status, last update more than PROCESS_AGING_DAYS (30) days ago (= GET /processes?aging=true). */
  aging: count,
  /** Any status, last update between PROCESS_WARNING_DAYS (21) and 30 days ago. */
  warning: count,
  /** Documents whose signing flow waits for the caller (= GET /documents/pending-signatures). */
  pendingSignatures: count,
  /** Protocols registered in the last DASHBOARD_ACTIVITY_DAYS calendar days. */
  recentProtocols: count,
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

const dashboardActivityPointSchema = z.strictObject({
  /** YYYY-MM-DD in the server's TIME_ZONE (America/Sao_Paulo unless configured). */
  date: z.iso.date(),
  /** History entries (creations, forwards, responses, attachments, finalisations) of that day. */
  count,
});
export type DashboardActivityPoint = z.infer<typeof dashboardActivityPointSchema>;

const dashboardDepartmentSliceSchema = z.strictObject({
  /** Current department. */
  department: text,
  count,
});
export type DashboardDepartmentSlice = z.infer<typeof dashboardDepartmentSliceSchema>;

const dashboardPendingSignatureSchema = z.strictObject({
  id: uuid,
  title: text,
  protocolNumber: text,
  department: text,
});
export type DashboardPendingSignature = z.infer<typeof dashboardPendingSignatureSchema>;

/**
 * The 'Prazos' card (docs/deadlines.md#dashboard-card-and-report): processes whose shown deadline
 * is open and due before today (= GET /processes?deadline=overdue), and due from today to Sunday
 * (days in TIME_ZONE). Suspended and met deadlines are not counted.
 */
const dashboardDeadlinesSchema = z.strictObject({
  overdue: count,
  dueThisWeek: count,
});
export type DashboardDeadlines = z.infer<typeof dashboardDeadlinesSchema>;

export const dashboardResponseSchema = z.strictObject({
  stats: dashboardStatsSchema,
  /** The first DASHBOARD_RECENT_PROCESSES processes after the status filter, newest update first. */
  recentProcesses: z.array(processSummarySchema),
  /** DASHBOARD_ACTIVITY_DAYS points, oldest first, the last one is today (zero-filled). */
  activity: z.array(dashboardActivityPointSchema),
  /** Every current department with at least one process, largest first (the client keeps the top). */
  departmentDistribution: z.array(dashboardDepartmentSliceSchema),
  pendingSignatures: z.array(dashboardPendingSignatureSchema),
  deadlines: dashboardDeadlinesSchema,
  /** ISO time of the aggregates used; null before the worker's first recomputation. */
  computedAt: dateTime.nullable(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** Pushed to a user's room when the figures that user sees may have changed. */
export interface DashboardUpdatedPayload {
  computedAt: string;
}
