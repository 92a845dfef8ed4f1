import type { DataSource } from 'typeorm';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { PROCESS_HISTORY_ACTIONS } from '#server/contracts/processes';
import { seedProcesses } from '#test/factories/process-seed';

/**
 * Random data for the reports: processes (confidential ones with access lists) with external or
 * internal requesters and finalisation entries, and documents with files, department and
 * confidential access lists and signing flows. Deterministic for a given seed.
 */
export async function seedReportData(
  dataSource: DataSource,
  userIds: string[],
  seed = 0.17,
  size: { processes: number; documents: number } = { processes: 400, documents: 120 },
): Promise<void> {
  await seedProcesses(dataSource, {
    count: size.processes,
    userIds,
    confidentialRatio: 0.35,
    spreadDays: 150,
    seed,
  });
  await dataSource.transaction(async (manager) => {
    await manager.query('SELECT setseed($1)', [seed]);
    await manager.query(
      `INSERT INTO external_requesters (name, document, phone, email, department)
       VALUES ('Associação de Moradores do Centro', '12345678000190', '1133334444', 'contato@amc.test', 'Associação'),
              ('Maria da Silva', '12345678909', '11999990000', NULL, NULL),
              ('Construtora Horizonte', '98765432000110', '1122221111', 'obras@horizonte.test', 'Empresa')`,
    );
    // 45% external requester, 30% internal, the rest none.
    await manager.query(
      `UPDATE processes p SET
         requester_external_id = CASE WHEN r.x < 0.45 THEN (SELECT array_agg(id ORDER BY name) FROM external_requesters)[1 + floor(r.y * 3)::int] END,
         requester_user_id = CASE WHEN r.x >= 0.45 AND r.x < 0.75 THEN ($1::uuid[])[1 + floor(r.y * cardinality($1::uuid[]))::int] END
         FROM (SELECT id, random() AS x, random() AS y FROM processes) r WHERE r.id = p.id`,
      [userIds],
    );
    // Half of the completed ones have their finalisation entry before the last update.
    await manager.query(
      `INSERT INTO process_history (process_id, date, action, comment, user_id)
       SELECT p.id, p.created_at + random() * (p.last_update - p.created_at), $1, 'Finalizado', p.created_by
         FROM processes p WHERE p.status = 'concluído' AND random() < 0.5`,
      [PROCESS_HISTORY_ACTIONS.finalized],
    );
    const names = ['relatorio.pdf', 'Planilha.XLSX', 'LEIAME', 'foto.jpeg', 'contrato.docx', 'oficio.pdf', ' '];
    await manager.query(
      `WITH src AS (
         SELECT n, ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int] AS name,
                (1000 + floor(random() * 50000000))::bigint AS size,
                ($2::uuid[])[1 + floor(random() * cardinality($2::uuid[]))::int] AS creator,
                ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] AS department,
                random() < 0.4 AS confidential,
                now() - random() * interval '150 days' AS created_at
           FROM generate_series(1, $4::int) AS n),
       files AS (
         INSERT INTO stored_files (stored_name, original_name, mime_type, size_bytes, sha256, owner_kind, uploaded_by, created_at)
         SELECT 'report-seed-' || n || '.bin', name, 'application/octet-stream', size, md5(n::text), 'document', creator, created_at
           FROM src RETURNING id, stored_name)
       INSERT INTO documents (title, protocol_number, file_id, department, confidential, created_by, created_at, updated_at)
       SELECT 'Documento ' || s.n, 'DOC-2026-' || (10000 + s.n), f.id, s.department, s.confidential, s.creator,
              s.created_at, s.created_at
         FROM src s JOIN files f ON f.stored_name = 'report-seed-' || s.n || '.bin'`,
      [names, userIds, [...DEFAULT_DEPARTMENTS], size.documents],
    );
    await manager.query(
      `INSERT INTO document_department_access (document_id, department)
       SELECT DISTINCT d.id, ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int]
         FROM documents d, generate_series(1, 3) WHERE random() < 0.5`,
      [[...DEFAULT_DEPARTMENTS]],
    );
    await manager.query(
      `INSERT INTO document_confidential_access (document_id, user_id)
       SELECT DISTINCT d.id, ($1::uuid[])[1 + floor(random() * cardinality($1::uuid[]))::int]
         FROM documents d, generate_series(1, 2) WHERE d.confidential AND random() < 0.4`,
      [userIds],
    );
    await manager.query(
      `WITH r AS (
         INSERT INTO signature_requests (document_id, requested_by, order_mode)
         SELECT d.id, d.created_by, 'sequential' FROM documents d WHERE random() < 0.2
         RETURNING id, document_id)
       INSERT INTO document_signing_flow (request_id, document_id, position, user_id, state)
       SELECT r.id, r.document_id, 0, ($1::uuid[])[1 + floor(random() * cardinality($1::uuid[]))::int], 'pending'
         FROM r`,
      [userIds],
    );
  });
}
