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
import type { ProcessSummary } from './processes';

export const DASHBOARD_RECENT_PROCESSES = 5;
/** Days of the activity series and of "recent protocols" (today included). */
export const DASHBOARD_ACTIVITY_DAYS = 30;
export const DASHBOARD_STATUS_FILTERS = ['all', 'em andamento', 'concluído'] as const;
export type DashboardStatusFilter = (typeof DASHBOARD_STATUS_FILTERS)[number];

export interface DashboardStats {
  /** Status 'em andamento'. */
  active: number;
  /** Status 'concluído'. */
  completed: number;
  /** Any status, last update more than PROCESS_AGING_DAYS (30) days ago (= GET /processes?aging=true). */
  aging: number;
  /** Any status, last update between PROCESS_WARNING_DAYS (21) and 30 days ago. */
  warning: number;
  /** Documents whose signing flow waits for the caller (= GET /documents/pending-signatures). */
  pendingSignatures: number;
  /** Protocols registered in the last DASHBOARD_ACTIVITY_DAYS calendar days. */
  recentProtocols: number;
}

export interface DashboardActivityPoint {
  /** YYYY-MM-DD in the server's TIME_ZONE (America/Sao_Paulo unless configured). */
  date: string;
  /** History entries (creations, forwards, responses, attachments, finalisations) of that day. */
  count: number;
}

export interface DashboardDepartmentSlice {
  /** Current department. */
  department: string;
  count: number;
}

export interface DashboardPendingSignature {
  id: string;
  title: string;
  protocolNumber: string;
  department: string;
}

export interface DashboardResponse {
  stats: DashboardStats;
  /** The first DASHBOARD_RECENT_PROCESSES processes after the status filter, newest update first. */
  recentProcesses: ProcessSummary[];
  /** DASHBOARD_ACTIVITY_DAYS points, oldest first, the last one is today (zero-filled). */
  activity: DashboardActivityPoint[];
  /** Every current department with at least one process, largest first (the client keeps the top). */
  departmentDistribution: DashboardDepartmentSlice[];
  pendingSignatures: DashboardPendingSignature[];
  /** ISO time of the aggregates used; null before the worker's first recomputation. */
  computedAt: string | null;
}

/** Pushed to a user's room when the figures that user sees may have changed. */
export interface DashboardUpdatedPayload {
  computedAt: string;
}
