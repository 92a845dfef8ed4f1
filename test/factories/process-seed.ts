import type { DataSource } from 'typeorm';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { formatNup } from '#server/modules/processes/nup';

export interface ProcessSeedOptions {
  count: number;
  /** Creator / access-list candidates (user ids). */
  userIds: string[];
  /** Share of confidential processes (0..1). */
  confidentialRatio?: number;
  /** Last updates are spread over this many days before now. */
  spreadDays?: number;
  /** Share of processes with a protocol record. */
  protocolRatio?: number;
  /** Deterministic data for a given seed (0..1). */
  seed?: number;
  /** First sequence number of the generated ids (several batches in one database). */
  firstNumber?: number;
}

/**
 * Bulk random processes straight in SQL (100,000 in seconds): status, departments, confidential
 * flag with 0–3 users on the access list, creation and last update within `spreadDays`, 1–4
 * history entries (the last one at the last update) and optional protocol records. Ids are valid
 * NUPs of unit 99999 (never issued by the API); returns them.
 */
export async function seedProcesses(dataSource: DataSource, options: ProcessSeedOptions): Promise<string[]> {
  const {
    count,
    userIds,
    confidentialRatio = 0.1,
    spreadDays = 60,
    protocolRatio = 0.3,
    seed = 0.42,
    firstNumber = 1,
  } = options;
  const ids = Array.from({ length: count }, (_, i) => formatNup('99999', firstNumber + i, 2024));
  const batch = `JOIN unnest($1::text[]) AS batch(id) ON batch.id = p.id`;
  await dataSource.transaction(async (manager) => {
    await manager.query('SELECT setseed($1)', [seed]);
    await manager.query(
      `INSERT INTO processes (id, subject, description, status, current_department, origin_department,
                              confidential, created_by, created_at, updated_at, last_update)
       SELECT t.id, 'Processo de teste ' || t.n, 'Descrição do processo ' || t.n,
              (ARRAY['pendente', 'em andamento', 'concluído', 'cancelado'])[1 + floor(random() * 4)::int],
              ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int],
              ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int],
              random() < $4,
              ($3::uuid[])[1 + floor(random() * cardinality($3::uuid[]))::int],
              lu.at - random() * interval '20 days', lu.at, lu.at
         FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n),
              LATERAL (SELECT now() - random() * ($5::int * interval '1 day') + t.n * interval '0' AS at) AS lu`,
      [ids, [...DEFAULT_DEPARTMENTS], userIds, confidentialRatio, spreadDays],
    );
    await manager.query(
      `INSERT INTO process_confidential_access (process_id, user_id)
       SELECT DISTINCT p.id, ($2::uuid[])[1 + floor(random() * cardinality($2::uuid[]))::int]
         FROM processes p ${batch}, generate_series(1, 3) AS k
        WHERE p.confidential AND random() < 0.6`,
      [ids, userIds],
    );
    await manager.query(
      `INSERT INTO process_history (process_id, date, action, from_department, to_department, comment, user_id)
       SELECT p.id,
              CASE WHEN k = 1 THEN p.last_update ELSE p.created_at + random() * (p.last_update - p.created_at) END,
              'Processo encaminhado', p.origin_department, p.current_department, 'Encaminhamento ' || k, p.created_by
         FROM processes p ${batch}, generate_series(1, 4) AS k
        WHERE k = 1 OR random() < 0.5`,
      [ids],
    );
    await manager.query(
      `INSERT INTO protocols (process_id, type, status, priority, subject, created_at)
       SELECT p.id, 'internal', 'pending', 'normal', p.subject, p.created_at
         FROM processes p ${batch} WHERE random() < $2`,
      [ids, protocolRatio],
    );
  });
  await dataSource.query('ANALYZE processes, process_confidential_access, process_history, protocols');
  return ids;
}

/** What runs a statement: a TypeORM DataSource or a bare `pg` pool. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * One deadline per process of `ids` (docs/deadlines.md), a realistic mix around `today`
 * (YYYY-MM-DD): of the open processes ('pendente', 'em andamento') about 20% overdue (1–30 days),
 * 15% due within 4 days, 20% due later (5–60 days), 7% suspended, 8% met, the rest none; of the
 * finalised ones half met (a fifth of them late), half none. A third are return deadlines
 * ('Retorno programado', from the origin to the current department). Each is the process's shown
 * deadline (`processes.deadline_id`), as ProcessDeadlinesRepository.refreshShown would point it
 * at the only one. Deterministic for a given `seed`.
 */
export async function seedDeadlines(db: Queryable, ids: string[], today: string, seed = 0.17): Promise<void> {
  // A number in [0, 1) drawn from the process id and the seed (the same on any connection).
  const draw = (salt: string) =>
    `('x' || substr(md5(p.id || '${salt}' || $3::text), 1, 8))::bit(32)::bigint / 4294967296.0`;
  await db.query(
    `WITH drawn AS (
       SELECT p.id, p.status, p.origin_department, p.current_department, p.created_by, ${draw('r')} AS r, ${draw('s')} AS s, ${draw('l')} AS late,
              $2::date AS today
         FROM processes p JOIN unnest($1::text[]) AS batch(id) ON batch.id = p.id),
     kinds AS (
       SELECT d.*, CASE
                WHEN d.status IN ('pendente', 'em andamento') THEN CASE
                  WHEN r < 0.20 THEN 'overdue' WHEN r < 0.35 THEN 'due-soon' WHEN r < 0.55 THEN 'on-time'
                  WHEN r < 0.62 THEN 'suspended' WHEN r < 0.70 THEN 'met' END
                WHEN r < 0.5 THEN 'met' END AS mix
         FROM drawn d),
     dues AS (
       SELECT k.*, CASE mix
                WHEN 'overdue' THEN today - (1 + floor(s * 30))::int
                WHEN 'due-soon' THEN today + floor(s * 5)::int
                WHEN 'on-time' THEN today + (5 + floor(s * 56))::int
                WHEN 'suspended' THEN today + floor(s * 20)::int
                ELSE today - (4 + floor(s * 90))::int END AS due,
              s < 0.33 AS is_return
         FROM kinds k WHERE mix IS NOT NULL)
     INSERT INTO process_deadlines
       (process_id, kind, unit, days, start_date, due_date, status, from_department, to_department, set_by, set_at,
        suspended_at, suspend_reason, remaining_days, max_extensions, max_extension_days, met_at, met_late)
     SELECT id, CASE WHEN is_return THEN 'return' ELSE 'process' END, 'calendar', 20, due - 20, due,
            CASE mix WHEN 'met' THEN 'met' WHEN 'suspended' THEN 'suspended' ELSE 'open' END,
            CASE WHEN is_return THEN origin_department END, CASE WHEN is_return THEN current_department END,
            created_by, (due - 20)::timestamp,
            CASE WHEN mix = 'suspended' THEN (today - 1)::timestamp END,
            CASE WHEN mix = 'suspended' THEN 'Aguardando documentação' END,
            CASE WHEN mix = 'suspended' THEN 5 END, 1, 10,
            CASE WHEN mix = 'met' THEN (due + CASE WHEN late < 0.2 THEN 3 ELSE -2 END)::timestamp + interval '12 hours' END,
            CASE WHEN mix = 'met' THEN late < 0.2 END
       FROM dues`,
    [ids, today, seed],
  );
  // Fresh statistics first: without them the planner may loop over the batch row by row.
  await db.query('ANALYZE process_deadlines');
  await db.query(
    `UPDATE processes p SET deadline_id = d.id
       FROM process_deadlines d JOIN unnest($1::text[]) AS batch(id) ON batch.id = d.process_id
      WHERE d.process_id = p.id`,
    [ids],
  );
  await db.query('ANALYZE processes, process_deadlines');
}
