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
