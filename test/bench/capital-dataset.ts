import { Client } from 'pg';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { migrateDatabase } from '#server/database/migrate';
import { hashPassword } from '#server/modules/auth/passwords';
import { databaseUrl, dropDatabase, withAdminClient } from '#test/setup/database';
import { BENCH_SUBJECTS } from './processes.bench';

/**
 * The 'capital' dataset (README "Benchmarks", Capital): ten years of a state
 * capital's city hall, generated inside PostgreSQL (INSERT ... SELECT over generate_series, nothing
 * row by row from Node) into a persistent database that later runs reuse. Scale 1 is 5,000,000
 * processes, 20M history entries, 5M documents (signed documents plus process attachments), 20M
 * notifications, 20M audit rows and 50,000 users over 40 departments; every count is scaled by
 * `scale` (0.0005 for the CI test).
 *
 * Build (on two connections, see `build`): the app's own migrations first, then the non-PK indexes and unique constraints of the
 * loaded tables are dropped and recreated from their saved definitions after loading, under
 * `session_replication_role = replica` (the generated data is consistent by construction), then
 * VACUUM ANALYZE and, last, the marker table with the scale and version: a database without the
 * marker (a build that died) is dropped and built again.
 */
export interface CapitalDataset {
  databaseUrl: string;
  password: string;
  users: { username: string; department: string; role: string }[];
  built: boolean;
  buildSeconds?: number;
  sizeBytes: number;
}

/** Bumped whenever what the builder writes changes: an older dataset is rebuilt. */
const VERSION = 5;
const PASSWORD = 'capital-senha-1';
const DEPARTMENT_COUNT = 40;
/** Users in the returned sample (logins for the benches); the first ones, all active. */
const SAMPLE_USERS = 600;
/** Processes of the current year with 200 history entries and 50 attachments each. */
export const CAPITAL_HEAVY_PROCESSES = 20;
export const CAPITAL_HEAVY_HISTORY = 200;
export const CAPITAL_HEAVY_DOCUMENTS = 50;
/** User number 2 (an operator) holds this many notifications (capped by the scaled total). */
export const CAPITAL_HEAVY_NOTIFICATIONS = 50_000;
/** Signed documents per year: DOC-{year}-{10000..99999} leaves room for new ones (docs/documents.md#limits). */
const SIGNED_DOCUMENTS_SHARE = 0.09;

export interface CapitalCounts {
  users: number;
  processes: number;
  historyPerProcess: number;
  signedDocuments: number;
  attachments: number;
  notifications: number;
  audit: number;
}

export function capitalCounts(scale: number): CapitalCounts {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  const documents = n(5_000_000, 200);
  const signedDocuments = Math.max(50, Math.round(documents * SIGNED_DOCUMENTS_SHARE));
  return {
    users: n(50_000, 120),
    processes: n(5_000_000, 500),
    historyPerProcess: 4,
    signedDocuments,
    attachments: documents - signedDocuments,
    notifications: n(20_000_000, 2_000),
    audit: n(20_000_000, 2_000),
  };
}

/** The persistent database of a scale: `semgi_bench_capital` at 1, a suffix otherwise. */
export function capitalDatabaseName(scale: number): string {
  return scale === 1 ? 'semgi_bench_capital' : `semgi_bench_capital_${String(scale).replace(/\W/g, '_')}`;
}

/**
 * Deterministic ids: row n of a kind has a uuid the other tables can compute, and rows arrive in
 * key order (random uuids made the primary keys of the 20M-row tables the slowest part of the load).
 */
const uuidOf = (kind: string, expr: string) =>
  `('${kind}0000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

/** The stored file of the first attachment of the first heavy process (unique: finds that process by index). */
export function capitalHeavyFileId(scale: number): string {
  const c = capitalCounts(scale);
  return `20000000-0000-4000-8000-${(c.signedDocuments + c.attachments + 1).toString(16).padStart(12, '0')}`;
}

const LOADED_TABLES = [
  'users',
  'departments',
  'processes',
  'process_confidential_access',
  'process_history',
  'process_number_counters',
  'stored_files',
  'documents',
  'document_signatures',
  'process_documents',
  'notifications',
  'audit_logs',
];

export const CAPITAL_DEPARTMENTS: string[] = [
  ...DEFAULT_DEPARTMENTS,
  ...Array.from({ length: DEPARTMENT_COUNT }, (_, i) => `Secretaria Regional ${i + 1}`),
].slice(0, DEPARTMENT_COUNT);

const SUBJECTS = [
  ...BENCH_SUBJECTS,
  'Contratação de serviço de limpeza urbana',
  'Pedido de acesso à informação',
  'Regularização fundiária de imóvel',
  'Solicitação de vaga em creche',
];

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * The NUP of unit 10001, sequence `seq` and year `year` (SQL integer expressions) with its two mod-11
 * check digits (server/src/modules/processes/nup.ts) in integer arithmetic: base digits weighted from
 * the right with 2, 3, 4, ...
 */
function nupSql(seq: string, year: string): string {
  const digit = (value: string, power: number) => `(${value} / ${10 ** power} % 10)`;
  // Weighted sum of the 15 base digits, each weight raised by `shift` (1 for the second check digit).
  const sum = (shift: number) =>
    [
      `${(1 * (16 + shift) + 1 * (12 + shift)).toString()}`,
      ...Array.from({ length: 6 }, (_, k) => `${digit(seq, 5 - k)} * ${11 - k + shift}`),
      ...Array.from({ length: 4 }, (_, k) => `${digit(year, 3 - k)} * ${5 - k + shift}`),
    ].join(' + ');
  const dv = (total: string) =>
    `(CASE 11 - (${total}) % 11 WHEN 10 THEN 0 WHEN 11 THEN 1 ELSE 11 - (${total}) % 11 END)`;
  const dv1 = dv(sum(0));
  const dv2 = dv(`${sum(1)} + ${dv1} * 2`);
  return `('10001.' || lpad(${seq}::text, 6, '0') || '/' || ${year} || '-' || ${dv1} || ${dv2})`;
}

interface LoadStep {
  label: string;
  sql: string;
  /** Reads no other loaded table nor the first lane's temporary ones: runs on the second lane. */
  independent?: true;
}

/** SQL steps of the load, in order within each lane (build). */
function loadSteps(c: CapitalCounts, passwordHash: string): LoadStep[] {
  const year = new Date().getUTCFullYear();
  const firstYear = year - 9;
  const perYear = Math.ceil(c.processes / 10);
  // Signed documents of a year, spread over its first 300 days (no two share an instant).
  const documentsPerYear = Math.ceil(c.signedDocuments / 10);
  const depts = `ARRAY[${CAPITAL_DEPARTMENTS.map((d) => `'${d.replace(/'/g, "''")}'`).join(',')}]`;
  const subjects = `ARRAY[${SUBJECTS.map((s) => `'${s}'`).join(',')}]`;
  const dept = (expr: string) => `(${depts})[1 + (${expr}) % ${DEPARTMENT_COUNT}]`;
  // Process n (1-based): year index (n-1)/perYear, sequence within the year, department.
  const procId = (n: string) => nupSql(`(((${n}) - 1) % ${perYear} + 1)`, `(${firstYear} + ((${n}) - 1) / ${perYear})`);
  // The user who created process n: one of its origin department (users are spread round-robin).
  const usersPerDept = Math.floor(c.users / DEPARTMENT_COUNT);
  const creator = (n: string) =>
    uuidOf('1', `1 + ((${n}) + 3) % ${DEPARTMENT_COUNT} + ${DEPARTMENT_COUNT} * ((${n}) % ${usersPerDept})`);
  const heavyFirst = 9 * perYear + 1;
  const heavyLast = heavyFirst + CAPITAL_HEAVY_PROCESSES - 1;
  const heavyNotifications = Math.min(CAPITAL_HEAVY_NOTIFICATIONS, Math.floor(c.notifications / 2));
  return [
    {
      label: 'números NUP',
      sql: `
        CREATE TEMP SEQUENCE row_ids;
        CREATE TEMP TABLE nups AS SELECT n, ${procId('n')} AS id FROM generate_series(1, ${c.processes}) AS n;
        ALTER TABLE nups ADD PRIMARY KEY (n);
        ANALYZE nups;`,
    },
    {
      label: 'departamentos',
      sql: `INSERT INTO departments (name, description)
            SELECT d, 'Departamento ' || d FROM unnest(${depts}) AS d ON CONFLICT (name) DO NOTHING`,
    },
    {
      label: 'usuários',
      sql: `INSERT INTO users (id, username, name, email, department, role, level, status, password_hash,
                               must_change_password, created_at, updated_at)
            SELECT ${uuidOf('1', 'i')}, 'cap.u' || i, 'Servidor ' || i, 'cap.u' || i || '@prefeitura.test',
                   ${dept('i - 1')}, CASE WHEN i % 200 = 1 THEN 'admin' ELSE 'operator' END,
                   CASE WHEN i % 10 = 3 THEN 'Chefia' ELSE 'Funcionário' END,
                   CASE WHEN i > ${SAMPLE_USERS} AND i % 50 = 0 THEN 'inactive' ELSE 'active' END,
                   '${passwordHash}', false, now() - interval '10 years', now() - interval '10 years'
            FROM generate_series(1, ${c.users}) AS i`,
    },
    {
      label: 'processos',
      // finalized_at: the date of the finalisation entry 'histórico' writes (its last one). An open
      // year's status follows n / 40, so that every department and subject (both of n mod 40) has
      // processes in every status, as a city hall's do (version 4 tied each to one status).
      sql: `INSERT INTO processes (id, subject, description, status, current_department, origin_department,
                                   confidential, created_by, created_at, updated_at, last_update, request_type,
                                   finalized_at)
            SELECT nups.id,
                   (${subjects})[1 + n % ${SUBJECTS.length}] || ' nº ' || n,
                   'Descrição do processo ' || n || '. Solicitação registrada pelo protocolo geral da prefeitura.',
                   status, ${dept('n * 7 + 1')}, ${dept('n + 3')},
                   n % 25 = 0 AND n NOT BETWEEN ${heavyFirst} AND ${heavyLast},
                   ${creator('n')}, created, created + interval '3 days', created + interval '3 days',
                   CASE WHEN n % 40 = 7 THEN 'lai' ELSE 'standard' END,
                   CASE WHEN status = 'concluído' THEN created + ${c.historyPerProcess - 1} * interval '20 hours' END
            FROM (SELECT n, created,
                         CASE WHEN yi < 9 THEN (CASE WHEN n % 13 = 0 THEN 'cancelado' ELSE 'concluído' END)
                              ELSE (ARRAY['pendente', 'em andamento', 'concluído', 'cancelado'])[1 + (n / ${DEPARTMENT_COUNT}) % 4] END AS status
                  FROM (SELECT n, (n - 1) / ${perYear} AS yi,
                               y0 + ((n - 1) % ${perYear})::float8 / ${perYear}
                                    * (least(y0 + interval '360 days', now() - interval '4 days') - y0) AS created
                        FROM generate_series(1, ${c.processes}) AS n,
                             make_timestamptz(${firstYear} + (n - 1) / ${perYear}, 1, 1, 8, 0, 0, 'UTC') AS y0) years) s
                 JOIN nups USING (n)`,
    },
    {
      label: 'contadores de número',
      sql: `INSERT INTO process_number_counters (year, last_value)
            SELECT ${firstYear} + y, least(${perYear}, ${c.processes} - y * ${perYear})
            FROM generate_series(0, 9) AS y WHERE ${c.processes} - y * ${perYear} > 0
            ON CONFLICT (year) DO UPDATE SET last_value = greatest(process_number_counters.last_value, EXCLUDED.last_value)`,
    },
    {
      // A confidential process is open to its creator and to one user of its current department.
      label: 'acessos sigilosos',
      sql: `INSERT INTO process_confidential_access (process_id, user_id)
            SELECT ${procId('n')}, ${creator('n')} FROM generate_series(25, ${c.processes}, 25) AS n
            WHERE n NOT BETWEEN ${heavyFirst} AND ${heavyLast}
            UNION
            SELECT ${procId('n')}, ${uuidOf('1', `1 + (n * 7 + 1) % ${DEPARTMENT_COUNT} + ${DEPARTMENT_COUNT} * ((n / 25) % ${usersPerDept})`)}
            FROM generate_series(25, ${c.processes}, 25) AS n WHERE n NOT BETWEEN ${heavyFirst} AND ${heavyLast}`,
    },
    {
      label: 'histórico',
      sql: `INSERT INTO process_history (id, process_id, date, action, from_department, to_department, comment,
                                         user_id, user_name, user_department)
            SELECT ${uuidOf('5', "nextval('pg_temp.row_ids')")}, p.id, p.created_at + k * interval '20 hours',
                   CASE WHEN k = 0 THEN 'Processo criado'
                        WHEN k = ${c.historyPerProcess - 1} AND p.status = 'concluído' THEN 'Processo finalizado'
                        ELSE 'Processo encaminhado' END,
                   CASE WHEN k = 0 THEN NULL ELSE p.origin_department END,
                   CASE WHEN k = 0 THEN NULL ELSE p.current_department END,
                   CASE WHEN k = 0 THEN '' ELSE 'Encaminhado para análise (' || k || ')' END,
                   p.created_by, 'Servidor', p.origin_department
            FROM processes p, generate_series(0, ${c.historyPerProcess - 1}) AS k
            UNION ALL
            SELECT ${uuidOf('5', "nextval('pg_temp.row_ids')")}, ${procId('n')}, now() - (k || ' minutes')::interval, 'Processo encaminhado',
                   ${dept('k')}, ${dept('k + 1')}, 'Tramitação ' || k, ${uuidOf('1', '2')}, 'Servidor 2', ${dept('1')}
            FROM generate_series(${heavyFirst}, ${Math.min(heavyLast, c.processes)}) AS n,
                 generate_series(1, ${CAPITAL_HEAVY_HISTORY - c.historyPerProcess}) AS k`,
    },
    {
      label: 'arquivos',
      independent: true,
      sql: `INSERT INTO stored_files (id, stored_name, original_name, mime_type, size_bytes, sha256, owner_kind,
                                      owner_id, uploaded_by, created_at)
            SELECT ${uuidOf('2', 'f')}, 'capital/' || f || '.pdf', 'documento-' || f || '.pdf', 'application/pdf',
                   40000 + f % 100000, encode(sha256(int8send(f)), 'hex'),
                   CASE WHEN f <= ${c.signedDocuments} THEN 'document' ELSE 'process' END,
                   NULL, ${uuidOf('1', `1 + f % ${c.users}`)}, now() - (f % 3650 || ' days')::interval
            FROM generate_series(1, ${c.signedDocuments + c.attachments + CAPITAL_HEAVY_PROCESSES * CAPITAL_HEAVY_DOCUMENTS}) AS f`,
    },
    {
      // DOC-{year}-{number}: document d of year y gets 10000 + its rank in the year.
      label: 'documentos assinados',
      sql: `INSERT INTO documents (id, title, description, protocol_number, status, file_id, department, confidential,
                                   process_id, created_by, verification_code, created_at, updated_at)
            SELECT ${uuidOf('3', 'd')}, 'Ofício nº ' || d, 'Documento assinado do processo ' || pn,
                   'DOC-' || (${firstYear} + (d - 1) % 10) || '-' || (10000 + (d - 1) / 10),
                   'signed', ${uuidOf('2', 'd')}, ${dept('pn * 7 + 1')}, pn % 25 = 0 AND pn NOT BETWEEN ${heavyFirst} AND ${heavyLast},
                   ${procId('pn')}, ${creator('pn')}, upper(substr(md5(d::text), 1, 16)),
                   created, created
            FROM (SELECT d, pn, y0 + ((d - 1) / 10)::float8 / ${documentsPerYear}
                                     * (least(y0 + interval '300 days', now() - interval '5 days') - y0) AS created
                  FROM generate_series(1, ${c.signedDocuments}) AS d,
                       LATERAL (SELECT 1 + ((d - 1) % 10) * ${perYear} + ((d - 1) / 10) % ${perYear} AS pn,
                                       make_timestamptz(${firstYear} + (d - 1) % 10, 1, 1, 10, 0, 0, 'UTC') AS y0) k) s
            WHERE pn <= ${c.processes}`,
    },
    {
      label: 'assinaturas',
      sql: `INSERT INTO document_signatures (id, document_id, signer_id, signer_name, signer_department, signed_at,
                                             signature_type, certificate_type, hash_value, server_key_id, server_signature)
            SELECT ${uuidOf('4', 'row_number() OVER ()')}, d.id, d.created_by, 'Servidor', d.department,
                   d.created_at + interval '1 hour', 'simple', 'password', encode(sha256(d.id::text::bytea), 'hex'),
                   'capital-bench', encode(sha256(('s' || d.id)::bytea), 'base64')
            FROM documents d`,
    },
    {
      label: 'anexos de processos',
      sql: `INSERT INTO process_documents (id, process_id, stored_file_id, name, size, mime_type, context, uploaded_by,
                                           uploaded_by_name, uploaded_by_department, upload_date)
            SELECT ${uuidOf('5', "nextval('pg_temp.row_ids')")}, nups.id, ${uuidOf('2', `${c.signedDocuments} + a`)},
                   'anexo-' || a || '.pdf', 40000 + a % 100000, 'application/pdf', 'process',
                   ${uuidOf('1', `1 + a % ${c.users}`)}, 'Servidor', ${dept('a')},
                   make_timestamptz(${firstYear} + ((a - 1) % ${c.processes}) / ${perYear}, 6, 1, 9, 0, 0, 'UTC')
            FROM generate_series(1, ${c.attachments}) AS a JOIN nups ON nups.n = 1 + (a - 1) % ${c.processes}
            UNION ALL
            SELECT ${uuidOf('5', "nextval('pg_temp.row_ids')")}, ${procId(`${heavyFirst} + h / ${CAPITAL_HEAVY_DOCUMENTS}`)},
                   ${uuidOf('2', `${c.signedDocuments + c.attachments + 1} + h`)}, 'anexo-pesado-' || h || '.pdf', 50000,
                   'application/pdf', 'process', ${uuidOf('1', '2')}, 'Servidor 2', ${dept('1')}, now() - (h || ' minutes')::interval
            FROM generate_series(0, ${Math.min(CAPITAL_HEAVY_PROCESSES, c.processes - heavyFirst + 1) * CAPITAL_HEAVY_DOCUMENTS - 1}) AS h`,
    },
    {
      // User 2 holds the heavy inbox; the rest are spread over every user.
      label: 'notificações',
      independent: true,
      sql: `INSERT INTO notifications (id, seq, user_id, type, title, message, link, read, created_at)
            SELECT ${uuidOf('6', 's')}, s,
                   CASE WHEN s <= ${heavyNotifications} THEN ${uuidOf('1', '2')} ELSE ${uuidOf('1', `1 + s % ${c.users}`)} END,
                   (ARRAY['process', 'document', 'task', 'alert', 'system'])[1 + s % 5],
                   'Processo encaminhado', 'Um processo foi encaminhado ao seu setor (' || s || ').',
                   '/processos', s % 7 <> 0,
                   now() - ((${c.notifications} - s) * (3650.0 * 86400 / ${c.notifications}) || ' seconds')::interval
            FROM generate_series(1, ${c.notifications}) AS s;
            SELECT setval('notifications_seq_seq', ${c.notifications})`,
    },
    {
      // Sealed rows (seq set) so the worker's sealer has nothing to do; the hashes are stand-ins, the
      // chain of this dataset is not verifiable (README "Benchmarks", Capital).
      label: 'auditoria',
      independent: true,
      sql: `INSERT INTO audit_logs (id, created_at, action, entity_type, entity_id, description, user_id, username,
                                    user_department, status, ip_address, seq, prev_hash, hash)
            SELECT ${uuidOf('7', 's')},
                   now() - ((${c.audit} - s) * (3650.0 * 86400 / ${c.audit}) || ' seconds')::interval,
                   (ARRAY['read', 'update', 'create', 'forward', 'login', 'upload'])[1 + s % 6],
                   (ARRAY['process', 'process', 'document', 'user', 'process', 'document'])[1 + s % 6],
                   'ent-' || (s % 100000), 'Ação registrada ' || s, ${uuidOf('1', `1 + s % ${c.users}`)},
                   'cap.u' || (1 + s % ${c.users}), ${dept(`s % ${c.users}`)},
                   CASE WHEN s % 97 = 0 THEN 'error' ELSE 'success' END, '10.0.' || (s % 250) || '.' || (s % 200),
                   s, encode(sha256(int8send(s - 1)), 'hex'), encode(sha256(int8send(s)), 'hex')
            FROM generate_series(1, ${c.audit}) AS s`,
    },
  ];
}

interface SavedIndex {
  table: string;
  /** CREATE [UNIQUE] INDEX …: any lane, beside other indexes of its table (they only share a SHARE lock). */
  create: string;
  /** Turns the unique index back into its constraint (a catalog change), after every index is built. */
  attach?: string;
  /** GIN indexes build on one core and much slower than a btree: they start first. */
  gin: boolean;
}

/**
 * Non-PK indexes and unique constraints of the loaded tables (but those a foreign key rests on), dropped,
 * with what recreates them.
 */
async function saveIndexes(client: Client): Promise<SavedIndex[]> {
  const { rows } = await client.query<{
    name: string;
    table: string;
    def: string;
    constraint: string | null;
    constraintDef: string | null;
  }>(
    `SELECT i.indexrelid::regclass::text AS name, t.relname AS table, pg_get_indexdef(i.indexrelid) AS def,
            c.conname AS constraint, pg_get_constraintdef(c.oid) AS "constraintDef"
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace ns ON ns.oid = t.relnamespace AND ns.nspname = 'public'
       LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.contype IN ('u', 'p', 'x')
      WHERE t.relname = ANY($1) AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)`,
    [LOADED_TABLES],
  );
  const saved: SavedIndex[] = [];
  for (const r of rows) {
    const gin = / USING gin /.test(r.def);
    if (r.constraint) {
      // Only unique constraints can be rebuilt as a plain index and attached (USING INDEX keeps DEFERRABLE).
      if (!r.constraintDef?.startsWith('UNIQUE ')) throw new Error(`restrição não prevista: ${r.constraintDef}`);
      const deferrable = /( NOT)? DEFERRABLE.*$/.exec(r.constraintDef)?.[0] ?? '';
      await client.query(`ALTER TABLE "${r.table}" DROP CONSTRAINT "${r.constraint}"`);
      saved.push({
        table: r.table,
        create: r.def,
        attach: `ALTER TABLE "${r.table}" ADD CONSTRAINT "${r.constraint}" UNIQUE USING INDEX ${r.name}${deferrable}`,
        gin,
      });
    } else {
      await client.query(`DROP INDEX ${r.name}`);
      saved.push({ table: r.table, create: r.def, gin });
    }
  }
  return saved;
}

async function databaseSize(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
    return Number(rows[0].size);
  } finally {
    await client.end();
  }
}

async function isComplete(url: string, scale: number): Promise<boolean> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') return false;
    throw error;
  }
  try {
    const { rows } = await client.query<{ scale: number; version: number }>(
      `SELECT scale, version FROM bench_capital_marker WHERE to_regclass('bench_capital_marker') IS NOT NULL`,
    );
    return rows.length === 1 && rows[0].scale === scale && rows[0].version === VERSION;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return false;
    throw error;
  } finally {
    await client.end();
  }
}

function sample(c: CapitalCounts): CapitalDataset['users'] {
  return Array.from({ length: Math.min(SAMPLE_USERS, c.users) }, (_, k) => ({
    username: `cap.u${k + 1}`,
    department: CAPITAL_DEPARTMENTS[k % DEPARTMENT_COUNT],
    role: (k + 1) % 200 === 1 ? 'admin' : 'operator',
  }));
}

/**
 * The build runs on two connections ("lanes"): INSERT ... SELECT and most index builds use one core,
 * and the bench host has two (README "Benchmarks", Capital).
 */
const LANES = 2;

async function openLane(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(
    `SET maintenance_work_mem = '1GB'; SET session_replication_role = replica; SET synchronous_commit = off`,
  );
  return client;
}

/** Runs `work` on every item, each lane taking the next item as soon as it is free. */
async function onLanes<T>(
  lanes: Client[],
  items: T[],
  work: (client: Client, item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  await Promise.all(
    lanes.map(async (client) => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(client, item);
    }),
  );
}

/** Tables of the public schema, largest first (the longest work starts first). */
async function tablesBySize(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      WHERE ns.nspname = 'public' AND c.relkind = 'r' ORDER BY pg_total_relation_size(c.oid) DESC`,
  );
  return rows.map((r) => r.name);
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

async function build(url: string, scale: number, log: (line: string) => void): Promise<void> {
  await migrateDatabase({ DATABASE_URL: url });
  const counts = capitalCounts(scale);
  const passwordHash = await hashPassword(PASSWORD);
  const lanes = await Promise.all(Array.from({ length: LANES }, () => openLane(url)));
  const [main, second] = lanes;
  try {
    const saved = await saveIndexes(main);
    const steps = loadSteps(counts, passwordHash);
    const runLane = async (client: Client, laneSteps: LoadStep[]) => {
      for (const step of laneSteps) {
        const started = Date.now();
        await client.query(step.sql);
        log(`  capital: ${step.label} em ${seconds(started)} s`);
      }
    };
    const loadStarted = Date.now();
    await Promise.all([
      runLane(
        main,
        steps.filter((s) => !s.independent),
      ),
      runLane(
        second,
        steps.filter((s) => s.independent),
      ),
    ]);
    log(`  capital: carga em ${seconds(loadStarted)} s`);
    // Every index on whichever lane is free, GIN ones first, then by table size (largest first).
    const indexStarted = Date.now();
    const order = await tablesBySize(main);
    const queue = [...saved].sort(
      (a, b) => Number(b.gin) - Number(a.gin) || order.indexOf(a.table) - order.indexOf(b.table),
    );
    await onLanes(lanes, queue, async (client, index) => {
      await client.query(index.create);
    });
    for (const index of saved) if (index.attach) await main.query(index.attach);
    log(`  capital: ${saved.length} índices recriados em ${seconds(indexStarted)} s`);
    const vacuumStarted = Date.now();
    await onLanes(lanes, await tablesBySize(main), async (client, table) => {
      await client.query(`VACUUM (ANALYZE) "${table}"`);
    });
    log(`  capital: VACUUM ANALYZE em ${seconds(vacuumStarted)} s`);
    await main.query(
      `CREATE TABLE bench_capital_marker (scale float8 NOT NULL, version int NOT NULL, built_at timestamptz NOT NULL);
       INSERT INTO bench_capital_marker VALUES (${scale}, ${VERSION}, now())`,
    );
  } finally {
    await Promise.all(lanes.map((client) => client.end()));
  }
}

/**
 * The capital dataset at `scale` (default 1), built when missing, incomplete or of another
 * version; kept as it is otherwise.
 */
export async function ensureCapitalDataset(options?: {
  scale?: number;
  /** Progress lines (console.log unless given). */
  log?: (line: string) => void;
  /** Another database than the persistent one of the scale (a test's own). */
  database?: string;
  /** The server whose `postgres` database creates it (TEST_DATABASE_URL or the local one unless given). */
  adminUrl?: string;
}): Promise<CapitalDataset> {
  const scale = options?.scale ?? 1;
  const log = options?.log ?? ((line: string) => console.log(line));
  const admin = options?.adminUrl ?? adminUrl();
  const name = options?.database ?? capitalDatabaseName(scale);
  const url = databaseUrl(admin, name);
  const counts = capitalCounts(scale);
  if (await isComplete(url, scale)) {
    return {
      databaseUrl: url,
      password: PASSWORD,
      users: sample(counts),
      built: false,
      sizeBytes: await databaseSize(url),
    };
  }
  const started = Date.now();
  await dropDatabase(admin, name);
  await withAdminClient(admin, (client) => client.query(`CREATE DATABASE "${name}"`));
  log(`  capital: construindo ${name} (escala ${scale}, ${counts.processes.toLocaleString('pt-BR')} processos)`);
  await build(url, scale, log);
  const buildSeconds = (Date.now() - started) / 1000;
  return {
    databaseUrl: url,
    password: PASSWORD,
    users: sample(counts),
    built: true,
    buildSeconds,
    sizeBytes: await databaseSize(url),
  };
}
