import type { DataSource } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import { loadEnv } from '#server/config/env';
import { DASHBOARD_ACTIVITY_DAYS, type DashboardStats } from '#server/contracts/dashboard';
import {
  PROCESS_AGING_DAYS,
  PROCESS_HISTORY_ACTIONS,
  PROCESS_SIGNATURE_STEPS,
  PROCESS_WARNING_DAYS,
} from '#server/contracts/processes';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';

export type LiveFigures = Omit<DashboardStats, 'pendingSignatures'> & {
  /** YYYY-MM-DD -> history entries but signature steps (only days with entries). */
  activity: Record<string, number>;
  departments: Record<string, number>;
};

/** TypeORM-style :name parameters of the visibility fragment turned into $n for a raw query. */
function positional(sql: string, params: Record<string, unknown>, offset: number) {
  const values: unknown[] = [];
  const text = sql.replace(/:(\w+)/g, (_, name: string) => {
    values.push(params[name]);
    return `$${offset + values.length}`;
  });
  return { text, values };
}

/**
 * The dashboard figures of one user computed live, straight from the tables with the processes'
 * visibility predicate: the reference the aggregates are tested against and the "live SQL" the
 * benchmark compares with.
 */
export async function liveDashboardFigures(
  dataSource: DataSource,
  user: Pick<AuthUser, 'id' | 'role'>,
  at: Date = new Date(),
): Promise<LiveFigures> {
  const fragment = visibleProcessesWhere(user, 'p');
  const { text: visible, values } = positional(fragment.sql, fragment.params, 3);
  const params = [at, loadEnv().TIME_ZONE, DASHBOARD_ACTIVITY_DAYS, ...values];
  const windowStart = `((($1::timestamptz AT TIME ZONE $2::text)::date - ($3::int - 1))::timestamp AT TIME ZONE $2::text)`;
  const [counts, departments, activity] = await Promise.all([
    dataSource.query<Omit<LiveFigures, 'activity' | 'departments'>[]>(
      `SELECT count(*) FILTER (WHERE p.status = 'em andamento')::int AS active,
              count(*) FILTER (WHERE p.status = 'concluído')::int AS completed,
              count(*) FILTER (WHERE p.last_update < $1::timestamptz - interval '${PROCESS_AGING_DAYS} days')::int AS aging,
              count(*) FILTER (WHERE p.last_update >= $1::timestamptz - interval '${PROCESS_AGING_DAYS} days'
                                 AND p.last_update < $1::timestamptz - interval '${PROCESS_WARNING_DAYS} days')::int AS warning,
              (SELECT count(*)::int FROM protocols pr JOIN processes p ON p.id = pr.process_id
                WHERE pr.created_at >= ${windowStart} AND ${visible}) AS "recentProtocols"
         FROM processes p WHERE ${visible} AND $2::text IS NOT NULL AND $3::int IS NOT NULL`,
      params,
    ),
    dataSource.query<{ key: string; count: number }[]>(
      `SELECT p.current_department AS key, count(*)::int AS count FROM processes p WHERE ${visible}
          AND $1::timestamptz IS NOT NULL AND $2::text IS NOT NULL AND $3::int IS NOT NULL
        GROUP BY 1`,
      params,
    ),
    dataSource.query<{ key: string; count: number }[]>(
      `SELECT to_char((h.date AT TIME ZONE $2::text)::date, 'YYYY-MM-DD') AS key, count(*)::int AS count
         FROM process_history h JOIN processes p ON p.id = h.process_id
        WHERE h.date >= ${windowStart} AND ${visible}
          AND h.action NOT IN (${PROCESS_SIGNATURE_STEPS.map((step) => `'${PROCESS_HISTORY_ACTIONS[step]}'`).join(', ')})
        GROUP BY 1`,
      params,
    ),
  ]);
  const toMap = (rows: { key: string; count: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.count]));
  return { ...counts[0], departments: toMap(departments), activity: toMap(activity) };
}
