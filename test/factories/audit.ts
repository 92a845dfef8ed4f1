import type { DataSource, EntityManager } from 'typeorm';

/**
 * Inserts `count` audit rows straight into the table (as the app's INSERTs would), spread over the
 * enumerations, departments, users and the last `days` days (start `offsetDays` before now).
 * Returns nothing: tests compare the API with direct SQL.
 */
export async function seedAuditRows(
  db: DataSource | EntityManager,
  count: number,
  options: { days?: number; offsetDays?: number; prefix?: string } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO audit_logs (created_at, action, entity_type, entity_id, description, user_id, username,
                             user_department, status, ip_address, details)
     SELECT now() - make_interval(days => $2) - (i * ($3::float / $1)) * interval '1 day',
            (ARRAY['create','update','delete','read','login','logout','forward','sign','upload','download','other'])[1 + i % 11],
            (ARRAY['user','process','document','department','protocol','system'])[1 + i % 6],
            'ent-' || (i % 17),
            $4 || ' registro ' || i,
            NULL,
            CASE WHEN i % 13 = 0 THEN NULL ELSE (ARRAY['maria.silva','joao.souza','ana.lima','Pedro.Alves'])[1 + i % 4] END,
            (ARRAY['Administração','Financeiro','Jurídico',NULL])[1 + i % 4],
            (ARRAY['success','error','warning','info'])[1 + i % 4],
            '10.0.0.' || (i % 250),
            jsonb_build_object('i', i, 'nested', jsonb_build_object('ok', i % 2 = 0))
       FROM generate_series(1, $1) AS i`,
    [count, options.offsetDays ?? 0, options.days ?? 30, options.prefix ?? 'Semente'],
  );
}
