import { Pool } from 'pg';
import { createServerApp } from '#server/app/create-server-app';
import type { AuthUser } from '#server/common/auth-user';
import { loadEnv } from '#server/config/env';
import { countByStatements } from '#server/database/capped-count';
import { localIsoDate } from '#server/contracts/dates';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { hashPassword } from '#server/modules/auth/passwords';
import { formatNup } from '#server/modules/processes/nup';
import { parseProcessListFilters } from '#server/modules/processes/process-list-filters';
import { ProcessQueriesService } from '#server/modules/processes/process-queries.service';
import { seedDeadlines } from '#test/factories/process-seed';
import { type Bench, type BenchRow, loadRows, percentile, row, timeCalls } from './bench-kit';
import { createBenchEnvironment } from './bench-environment';

/**
 * GET /api/processes over 100,000 processes: the first page, a filtered page, the 'Vencidos' filter
 * (`deadline=overdue`, docs/deadlines.md#filters) and the sort by deadline, through the whole
 * server (HTTP, auth guard loading the user, TypeORM, JSON) beside the same two SQL statements
 * (page + count, run in parallel like the service) through a bare `pg` pool. The processes carry a
 * realistic mix of deadlines (seedDeadlines: overdue, due soon, on time, suspended, met, none).
 * Goal: p95 ≤ 50 ms and at least 0.3× the bare-pg throughput.
 */
const PROCESSES = 100_000;
const CONCURRENCY = 4;
const SEQUENTIAL_CALLS = 200;
const THROUGHPUT_MS = 4_000;
const PASSWORD = 'bench-senha-1';

/** Subjects of the generated processes (the capital dataset uses them too). */
export const BENCH_SUBJECTS = [
  'Solicitação de reparo de iluminação pública',
  'Pedido de licença-prêmio',
  'Requerimento de certidão negativa de débitos',
  'Solicitação de poda de árvore',
  'Pedido de férias',
  'Recurso de multa de trânsito',
  'Solicitação de tapa-buraco',
  'Pedido de alvará de funcionamento',
];

async function seed(pool: Pool): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await pool.query(
    `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
     VALUES ('bench.op', 'Operadora Bench', 'bench.op@prefeitura.test', 'Infraestrutura', 'operator', $1, false),
            ('bench.creator', 'Criador Bench', 'bench.creator@prefeitura.test', 'Administração', 'operator', $1, false)`,
    [passwordHash],
  );
  const year = new Date().getFullYear();
  const ids = Array.from({ length: PROCESSES }, (_, i) =>
    formatNup('10001', (i % 999_999) + 1, year - Math.floor(i / 999_999)),
  );
  await pool.query(
    `INSERT INTO processes (id, subject, description, status, current_department, origin_department, confidential,
                            created_by, created_at, updated_at, last_update)
     SELECT ids.id,
            ($2::text[])[1 + i % array_length($2::text[], 1)] || ' nº ' || i,
            'Descrição do processo ' || i || '. Solicitação registrada pelo protocolo geral da prefeitura.',
            (ARRAY['pendente', 'em andamento', 'concluído', 'cancelado'])[1 + (i * 7) % 4],
            ($3::text[])[1 + i % array_length($3::text[], 1)],
            ($3::text[])[1 + (i + 3) % array_length($3::text[], 1)],
            i % 20 = 0,
            (SELECT id FROM users WHERE username = 'bench.creator'),
            now() - make_interval(mins => (i * 5)::int),
            now() - make_interval(mins => (i * 4)::int),
            now() - make_interval(mins => (i * 4)::int)
     FROM unnest($1::text[]) WITH ORDINALITY AS ids(id, i)`,
    [ids, BENCH_SUBJECTS, [...DEFAULT_DEPARTMENTS]],
  );
  // A confidential process in ten grants the operator access.
  await pool.query(
    `INSERT INTO process_confidential_access (process_id, user_id)
     SELECT p.id, (SELECT id FROM users WHERE username = 'bench.op')
     FROM processes p WHERE p.confidential AND right(p.id, 1) = '0'`,
  );
  await pool.query(
    `INSERT INTO protocols (process_id, type, status, priority, subject, created_at)
     SELECT id, 'internal', 'pending', 'normal', subject, created_at FROM processes WHERE right(id, 1) IN ('1', '2')`,
  );
  await seedDeadlines(pool, ids, localIsoDate(new Date(), loadEnv().TIME_ZONE));
  await pool.query('VACUUM ANALYZE');
}

async function throughput(call: () => Promise<unknown>): Promise<{ rps: number; latencies: number[] }> {
  const latencies: number[] = [];
  const end = Date.now() + THROUGHPUT_MS;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t = process.hrtime.bigint();
        await call();
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { rps: latencies.length / seconds, latencies };
}

async function run(): Promise<BenchRow[]> {
  const environment = await createBenchEnvironment();
  const app = await createServerApp();
  const pool = new Pool({ connectionString: loadEnv().DATABASE_URL, max: 20 });
  try {
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const seedStart = Date.now();
    await seed(pool);
    console.log(`  ${PROCESSES.toLocaleString('pt-BR')} processos inseridos em ${Date.now() - seedStart} ms`);

    const loginRes = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.op', password: PASSWORD }),
    });
    const { token, user } = (await loginRes.json()) as { token: string; user: { id: string; department: string } };
    const authUser = { id: user.id, role: 'operator', department: user.department } as AuthUser;
    const queries = app.get(ProcessQueriesService);

    const rows: BenchRow[] = loadRows('GET /api/processes', 'no início');
    const scenarios = [
      { label: 'primeira página', query: '' },
      { label: 'filtrada (status + texto)', query: 'status=pendente&q=ilumina' },
      { label: 'Vencidos (deadline=overdue)', query: 'deadline=overdue' },
      { label: 'por prazo (sort=deadline)', query: 'sort=deadline' },
      { label: 'Vencidos por prazo', query: 'deadline=overdue&sort=deadline' },
    ];
    for (const scenario of scenarios) {
      const filters = parseProcessListFilters(Object.fromEntries(new URLSearchParams(scenario.query)));
      const sql = await queries.listSql(authUser, filters);
      const viaApi = async () => {
        const res = await fetch(`${url}/api/processes?${scenario.query}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status !== 200) throw new Error(`GET /processes respondeu ${res.status}`);
        return res.json();
      };
      const viaPg = () =>
        Promise.all([
          pool.query(...sql.page),
          countByStatements(
            async (text, values) => (await pool.query(text, values)).rows,
            sql.count,
            loadEnv().LIST_COUNT_CAP,
          ),
        ]);
      const body = (await viaApi()) as { data: { processes: unknown[]; total: number } };
      console.log(`  ${scenario.label}: ${body.data.processes.length} linhas, total ${body.data.total}`);

      const apiSeq = await timeCalls(viaApi, SEQUENTIAL_CALLS);
      const pgSeq = await timeCalls(viaPg, SEQUENTIAL_CALLS);
      const apiLoad = await throughput(viaApi);
      const pgLoad = await throughput(viaPg);
      const p95 = percentile(apiSeq, 95);
      const p95Load = percentile(apiLoad.latencies, 95);
      const ratio = apiLoad.rps / pgLoad.rps;
      const suite = `GET /api/processes ${scenario.label}`;
      rows.push(
        row(suite, 'API p50 (sequencial)', 'ms', percentile(apiSeq, 50)),
        row(suite, 'API p95 (sequencial)', 'ms', p95, { atMost: 50 }),
        row(suite, `API p95 (${CONCURRENCY} clientes)`, 'ms', p95Load, { atMost: 50 }),
        row(suite, 'pg p50 (sequencial)', 'ms', percentile(pgSeq, 50)),
        row(suite, 'pg p95 (sequencial)', 'ms', percentile(pgSeq, 95)),
        row(suite, `API (${CONCURRENCY} clientes)`, 'req/s', apiLoad.rps),
        row(suite, `pg (${CONCURRENCY} clientes)`, 'req/s', pgLoad.rps),
        row(suite, 'vazão API / pg', '×', ratio, { atLeast: 0.3 }),
        row(suite, 'p95 API / p95 pg (sequencial)', '×', p95 / percentile(pgSeq, 95)),
      );
    }
    return rows;
  } finally {
    await pool.end();
    await app.close();
    await environment.dispose();
  }
}

export const processesBench: Bench = { name: 'processes', run };
