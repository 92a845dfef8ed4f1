import { Client } from 'pg';
import { loadEnv } from '#server/config/env';
import { PROCESS_HISTORY_ACTIONS } from '#server/contracts/processes';
import type { ProcessesReport } from '#server/contracts/reports';
import type { Role } from '#server/contracts/users';
import { formatNup } from '#server/modules/processes/nup';
import { QueueService } from '#server/queue/queue.service';
import { ReportsRepository } from '#server/repositories/reports.repository';
import { seedReportData } from '#test/factories/report-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

/** Each key's figures: the sum of its rows, folded or not. */
const KEPT_ROWS = `SELECT day::text, department, status, confidential, sum(processes)::int AS processes,
                          sum(completion_seconds)::text AS completion_seconds
                     FROM process_report_days GROUP BY 1, 2, 3, 4
                   HAVING sum(processes) <> 0 OR sum(completion_seconds) <> 0 ORDER BY 1, 2, 3, 4`;
const UNFOLDED = 'SELECT count(*)::int AS n FROM process_report_days WHERE NOT folded';

/**
 * The processes report's per-day figures (docs/reports.md#at-capital-size): kept exact by the
 * triggers through inserts, forwards, status and confidentiality changes, finalisations and
 * deletions (equal to a build from scratch, also under concurrent opposite forwards), and by the
 * worker's fold, which leaves one row per key; the report
 * read from them equals the report read from the processes alone for every kind of viewer and
 * filter; a day is a day of TIME_ZONE; a changed zone rebuilds them.
 */
describe('processes report: figures kept per day', () => {
  const { server, worker } = useServerSuite({ worker: true });
  const zone = loadEnv().TIME_ZONE;
  const people: Record<string, { id: string; token: string; role: Role }> = {};
  let ids: string[];

  const keptRows = () => server.dataSource.query<Record<string, unknown>[]>(KEPT_ROWS);
  /** The figures built again from the processes, as a first boot does. */
  const rebuilt = async () => {
    await server.dataSource.query('DELETE FROM process_report_zone');
    expect(await new ReportsRepository(server.dataSource).keepReportDaysIn(zone)).toBe(true);
    return keptRows();
  };
  const report = async (who: string, query = '') => {
    const res = await api<ProcessesReport>(server.url, 'GET', `/reports/processes${query}`, {
      token: people[who].token,
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Each viewer's report for each filter, read from the kept figures and then from the processes alone. */
  const bothWays = async (queries: string[]) => {
    const kept: ProcessesReport[] = [];
    for (const who of Object.keys(people)) for (const q of queries) kept.push(await report(who, q));
    await server.dataSource.query('DELETE FROM process_report_zone');
    const counted: ProcessesReport[] = [];
    for (const who of Object.keys(people)) for (const q of queries) counted.push(await report(who, q));
    expect(await new ReportsRepository(server.dataSource).keepReportDaysIn(zone)).toBe(true);
    return { kept, counted };
  };

  beforeAll(async () => {
    const roles: [string, Role, string][] = [
      ['admin', 'admin', 'Administração'],
      ['criador', 'operator', 'Infraestrutura'],
      ['listado', 'operator', 'Jurídico'],
      ['alheio', 'operator', 'Pedidos'],
    ];
    for (const [key, role, department] of roles) {
      const user = await createUser(server.dataSource, { username: `dias.${key}`, role, department });
      people[key] = { id: user.id, role, token: (await login(server.url, `dias.${key}`, TEST_PASSWORD)).token };
    }
    await seedReportData(server.dataSource, [people.criador.id, people.listado.id, people.admin.id], 0.23, {
      processes: 300,
      documents: 5,
    });
    ids = (await server.dataSource.query<{ id: string }[]>('SELECT id FROM processes ORDER BY id')).map((r) => r.id);
    await server.dataSource.query(
      `INSERT INTO process_confidential_access (process_id, user_id)
       SELECT id, $1 FROM processes WHERE confidential AND created_by <> $1 ORDER BY id LIMIT 20 ON CONFLICT DO NOTHING`,
      [people.listado.id],
    );
  });

  it('stays equal to a build from scratch through every kind of change', async () => {
    const db = server.dataSource;
    expect((await keptRows()).length).toBeGreaterThan(20);
    await db.query(`UPDATE processes SET current_department = 'Infraestrutura' WHERE id = ANY($1)`, [ids.slice(0, 40)]);
    await db.query(`UPDATE processes SET status = 'em andamento' WHERE id = ANY($1)`, [ids.slice(30, 60)]);
    await db.query(`UPDATE processes SET status = 'concluído' WHERE id = ANY($1)`, [ids.slice(50, 90)]);
    await db.query(
      `INSERT INTO process_history (id, process_id, date, action, comment, user_name)
       SELECT gen_random_uuid(), id, created_at + interval '9 days 7 hours', $2, 'Concluído', 'Teste'
         FROM processes WHERE id = ANY($1)`,
      [ids.slice(60, 80), PROCESS_HISTORY_ACTIONS.finalized],
    );
    await db.query(`UPDATE processes SET last_update = now() WHERE id = ANY($1)`, [ids.slice(40, 120)]);
    await db.query(`UPDATE processes SET confidential = NOT confidential WHERE id = ANY($1)`, [ids.slice(100, 130)]);
    await db.query(`UPDATE processes SET created_at = created_at - interval '40 days' WHERE id = ANY($1)`, [
      ids.slice(125, 140),
    ]);
    await db.query(`DELETE FROM processes WHERE id = ANY($1)`, [ids.slice(280)]);
    ids = ids.slice(0, 280);
    const kept = await keptRows();
    expect(kept).toEqual(await rebuilt());
    expect(kept.reduce((sum, row) => sum + Number(row.processes), 0)).toBe(ids.length);
  });

  it('is folded by the worker into one row per key, with the same figures', async () => {
    await server.dataSource.query(`UPDATE processes SET status = 'cancelado' WHERE id = ANY($1)`, [ids.slice(0, 25)]);
    const [{ n }] = await server.dataSource.query<{ n: number }[]>(UNFOLDED);
    expect(n).toBeGreaterThan(0);
    const kept = await keptRows();
    await worker.get(QueueService).enqueue('report-days.fold', {});
    await eventually(
      async () => (await server.dataSource.query<{ n: number }[]>(UNFOLDED))[0].n === 0,
      'as linhas acrescentadas somadas pelo worker',
    );
    const [{ rows, keys }] = await server.dataSource.query<{ rows: number; keys: number }[]>(
      `SELECT count(*)::int AS rows,
              count(DISTINCT (day, department, status, confidential))::int AS keys FROM process_report_days`,
    );
    expect(rows).toBe(keys);
    expect(await keptRows()).toEqual(kept);
  });

  it('gives every viewer the same report as counting the processes, for every filter', async () => {
    const year = new Date().getFullYear();
    const queries = [
      '',
      `?startDate=${year}-01-01&endDate=${year}-12-31`,
      `?startDate=${year - 1}-06-01&endDate=${year}-02-28`,
      '?department=Infraestrutura',
      `?department=Jur%C3%ADdico&startDate=${year}-01-01`,
    ];
    const { kept, counted } = await bothWays(queries);
    expect(kept).toEqual(counted);
    expect(kept.some((r) => r.completed > 0 && r.averageCompletionTime !== null)).toBe(true);
    // Those who see confidential processes count more than whoever sees none, who counts only the others.
    const all = kept.slice(0, 1)[0];
    const [{ open }] = await server.dataSource.query<{ open: number }[]>(
      'SELECT count(*)::int AS open FROM processes WHERE NOT confidential',
    );
    const alheio = kept[Object.keys(people).indexOf('alheio') * queries.length];
    expect(alheio.totalProcesses).toBe(open);
    expect(all.totalProcesses).toBe(ids.length);
    const listado = kept[Object.keys(people).indexOf('listado') * queries.length];
    expect(listado.totalProcesses).toBeGreaterThan(open);
  });

  it('counts a process on its day in TIME_ZONE, and builds again when the zone changes', async () => {
    const year = new Date().getFullYear() - 1;
    const late = formatNup('99998', 1, year);
    // 01:30 UTC on 1 January is still 31 December in São Paulo (UTC−3).
    await server.dataSource.query(
      `INSERT INTO processes (id, subject, description, status, current_department, origin_department,
                             created_by, created_at, updated_at, last_update)
       VALUES ($1, 'Virada do ano', '', 'pendente', 'Infraestrutura', 'Infraestrutura', $2, $3, $3, $3)`,
      [late, people.admin.id, `${year + 1}-01-01T01:30:00Z`],
    );
    const onDay = (day: string) => report('admin', `?startDate=${day}&endDate=${day}&department=Infraestrutura`);
    const before = (await onDay(`${year}-12-31`)).totalProcesses;
    expect(before).toBeGreaterThan(0);
    expect((await onDay(`${year + 1}-01-01`)).totalProcesses).toBe(0);
    const reports = new ReportsRepository(server.dataSource);
    expect(await reports.keepReportDaysIn(zone)).toBe(false);
    expect(await reports.keepReportDaysIn('UTC')).toBe(true);
    const [utc] = await server.dataSource.query<{ processes: number }[]>(
      `SELECT processes FROM process_report_days WHERE day = $1 AND department = 'Infraestrutura' AND status = 'pendente'
          AND NOT confidential`,
      [`${year + 1}-01-01`],
    );
    expect(utc.processes).toBeGreaterThan(0);
    // Kept in UTC, the server (São Paulo) reads the processes instead: still right.
    expect((await onDay(`${year}-12-31`)).totalProcesses).toBe(before);
    expect(await reports.keepReportDaysIn(zone)).toBe(true);
    expect((await onDay(`${year}-12-31`)).totalProcesses).toBe(before);
  });

  it('stays exact when transactions forward processes between the same departments in both directions at once', async () => {
    const moving = ids.slice(0, 64);
    await server.dataSource.query(
      `UPDATE processes SET current_department = CASE WHEN n % 2 = 0 THEN 'Infraestrutura' ELSE 'Jurídico' END,
                            created_at = date_trunc('day', now()) + interval '12 hours', status = 'pendente'
         FROM unnest($1::text[]) WITH ORDINALITY AS m(id, n) WHERE m.id = processes.id`,
      [moving],
    );
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = new Client({ connectionString: loadEnv().DATABASE_URL });
        await client.connect();
        return client;
      }),
    );
    let done = false;
    const forwarding = Promise.all(
      clients.map(async (client, c) => {
        for (let round = 0; round < 12; round++) {
          const mine = moving.filter((_, i) => i % clients.length === c);
          await client.query('BEGIN');
          for (const id of round % 2 ? mine : [...mine].reverse()) {
            await client.query(
              `UPDATE processes SET current_department = CASE current_department WHEN 'Infraestrutura' THEN 'Jurídico' ELSE 'Infraestrutura' END
                  WHERE id = $1`,
              [id],
            );
          }
          await client.query('COMMIT');
        }
      }),
    ).finally(async () => {
      done = true;
      await Promise.all(clients.map((client) => client.end()));
    });
    // Folding while the figures change keeps each key's sum.
    const folding = new ReportsRepository(server.dataSource);
    const [kept] = await Promise.all([
      (async () => {
        await forwarding;
        return keptRows();
      })(),
      (async () => {
        while (!done) await folding.foldReportDays();
      })(),
    ]);
    expect(kept).toEqual(await rebuilt());
  });
});
