import { loadEnv } from '#server/config/env';
import { PROCESS_HISTORY_ACTIONS } from '#server/contracts/processes';
import type { ProcessesReport } from '#server/contracts/reports';
import { ProcessFinalizedAt1733680000000 } from '#server/database/migrations/1733680000000-process-finalized-at';
import { ReportsRepository } from '#server/repositories/reports.repository';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { seedReportData } from '#test/factories/report-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/**
 * `processes.finalized_at` (docs/reports.md#at-capital-size) is the date of the process's latest
 * finalisation entry, whoever writes the entry, and the migration fills it for the history already
 * there; the completion times of the reports read it.
 */
describe('finalized_at: the latest finalisation entry of each process', () => {
  const { server } = useServerSuite();
  let token: string;

  const finalizedAt = async (id: string) => {
    const [row] = await server.dataSource.query<{ finalized_at: Date | null }[]>(
      'SELECT finalized_at FROM processes WHERE id = $1',
      [id],
    );
    return row.finalized_at;
  };
  const addFinalization = (id: string, date: Date) =>
    server.dataSource.query(
      `INSERT INTO process_history (id, process_id, date, action, comment, user_name)
       VALUES (gen_random_uuid(), $1, $2, $3, 'Concluído', 'Teste')`,
      [id, date, PROCESS_HISTORY_ACTIONS.finalized],
    );
  /** Processes whose column differs from their latest finalisation entry (none when both agree). */
  const disagreeing = async () =>
    Number(
      (
        await server.dataSource.query<{ n: string }[]>(
          `SELECT count(*) AS n FROM processes p
            WHERE finalized_at IS DISTINCT FROM (SELECT max(h.date) FROM process_history h
                                                  WHERE h.process_id = p.id AND h.action = $1)`,
          [PROCESS_HISTORY_ACTIONS.finalized],
        )
      )[0].n,
    );

  beforeAll(async () => {
    const admin = await createUser(server.dataSource, {
      username: 'finalizado.admin',
      role: 'admin',
      department: 'Administração',
    });
    token = (await login(server.url, 'finalizado.admin', TEST_PASSWORD)).token;
    await seedReportData(server.dataSource, [admin.id], 0.41, { processes: 80, documents: 5 });
  });

  it('is written when a process is finalised, and only a later entry moves it', async () => {
    const process = await createProcessViaApi(server.url, token);
    expect(await finalizedAt(process.id)).toBeNull();
    const res = await api(server.url, 'POST', `/processes/${pid(process.id)}/finalize`, {
      token,
      body: { finalResponse: 'Poste consertado.' },
    });
    expect(res.status).toBe(200);
    const [entry] = await server.dataSource.query<{ date: Date }[]>(
      'SELECT date FROM process_history WHERE process_id = $1 AND action = $2',
      [process.id, PROCESS_HISTORY_ACTIONS.finalized],
    );
    expect(await finalizedAt(process.id)).toEqual(entry.date);

    await addFinalization(process.id, new Date(entry.date.getTime() - 86_400_000));
    expect(await finalizedAt(process.id)).toEqual(entry.date);
    const later = new Date(entry.date.getTime() + 60_000);
    await addFinalization(process.id, later);
    expect(await finalizedAt(process.id)).toEqual(later);
    expect(await disagreeing()).toBe(0);
  });

  it('is filled by the migration for the history already there, and the report reads it', async () => {
    const before = await api<ProcessesReport>(server.url, 'GET', '/reports/processes', { token });
    expect(before.status).toBe(200);
    const runner = server.dataSource.createQueryRunner();
    try {
      const migration = new ProcessFinalizedAt1733680000000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    // Replayed on a database that already keeps the report's per-day figures (a later migration),
    // which dropping the column bypassed: built again, as the first boot after both migrations does.
    await server.dataSource.query('DELETE FROM process_report_zone');
    await new ReportsRepository(server.dataSource).keepReportDaysIn(loadEnv().TIME_ZONE);
    const [{ n }] = await server.dataSource.query<{ n: string }[]>(
      'SELECT count(*) AS n FROM processes WHERE finalized_at IS NOT NULL',
    );
    expect(Number(n)).toBeGreaterThan(1);
    expect(await disagreeing()).toBe(0);

    // A completion time computed from the history alone.
    const [truth] = await server.dataSource.query<{ average: number | null }[]>(
      `SELECT round(avg(EXTRACT(EPOCH FROM (COALESCE((SELECT max(h.date) FROM process_history h
                     WHERE h.process_id = p.id AND h.action = $1), p.last_update) - p.created_at)) / 86400)
                     ::numeric, 1)::float8 AS average
         FROM processes p WHERE p.status = 'concluído'`,
      [PROCESS_HISTORY_ACTIONS.finalized],
    );
    expect(truth.average).not.toBeNull();
    const after = await api<ProcessesReport>(server.url, 'GET', '/reports/processes', { token });
    expect(after.body.averageCompletionTime).toBe(truth.average);
    expect(after.body).toEqual(before.body);
  });
});
