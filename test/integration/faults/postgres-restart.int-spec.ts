import { resetEnvCache } from '#server/config/env';
import type { ApiError } from '#server/contracts/auth';
import type { ProcessMutationResponse } from '#server/contracts/processes';
import { databaseUrl } from '#test/setup/database';
import { pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { type PrivatePostgres, startPrivatePostgres } from '#test/setup/private-services';
import { eventually, hold } from '#test/setup/eventually';

/** Generous: these tests run on loaded 2-core machines. */
const WAIT = { timeoutMs: 30_000 };

interface Answer {
  status: number;
  ms: number;
  body: unknown;
}

/**
 * README, Faults: a private PostgreSQL cluster stops for 5 s while processes are being
 * created. Requests fail fast with 503 and a pt-BR message (never 500, never a stack), health
 * says the database is down and then up, the pool reconnects by itself, and the outbox relay and
 * the dashboard recomputation resume: every stored process gives exactly one notification.
 */
describe('PostgreSQL restarts under load', () => {
  let postgres: PrivatePostgres;
  const { server } = useServerSuite({
    worker: true,
    before: async () => {
      postgres = await startPrivatePostgres();
      process.env.DATABASE_URL = databaseUrl(postgres.adminUrl, 'semgi');
      resetEnvCache();
    },
    after: () => postgres?.destroy(),
  });

  it('answers 503 fast while it is down, recovers alone, and loses or duplicates nothing', async () => {
    await createUser(server.dataSource, { username: 'cria.pg', department: 'Administração' });
    const receiver = await createUser(server.dataSource, { username: 'recebe.pg', department: 'Infraestrutura' });
    const creator = await login(server.url, 'cria.pg', TEST_PASSWORD);

    const created: string[] = [];
    const answers: Answer[] = [];
    const health: { status: number; database?: string }[] = [];
    let loading = true;
    const creating = async () => {
      while (loading) {
        const started = Date.now();
        const res = await api<ProcessMutationResponse>(server.url, 'POST', '/processes', {
          token: creator.token,
          body: {
            subject: 'Reparo de calçada',
            description: 'Calçada quebrada.',
            destinationDepartment: 'Infraestrutura',
          },
        });
        answers.push({ status: res.status, ms: Date.now() - started, body: res.body });
        if (res.status === 201) created.push(res.body.process.id);
        else await hold(100);
      }
    };
    const probing = async () => {
      while (loading) {
        const res = await api<{ database: string }>(server.url, 'GET', '/health');
        health.push({ status: res.status, database: res.body?.database });
        await hold(250);
      }
    };
    const load = Promise.all([creating(), creating(), probing()]);

    let restartedAt = 0;
    try {
      await eventually(() => created.length >= 10, 'processos criados com o banco no ar', WAIT);
      await postgres.stop();
      await hold(5000);
      await postgres.start();
      restartedAt = Date.now();
      await eventually(() => health.at(-1)?.status === 200, 'o health de volta', WAIT);
      const before = created.length;
      await eventually(() => created.length >= before + 10, 'processos criados depois da volta do banco', WAIT);
    } finally {
      loading = false;
      await load;
    }

    // Down, then up, as seen by /api/health.
    const firstDown = health.findIndex((h) => h.status === 503 && h.database === 'down');
    expect(firstDown).toBeGreaterThanOrEqual(0);
    expect(health.slice(firstDown).some((h) => h.status === 200 && h.database === 'up')).toBe(true);

    // Failing requests fail fast, with 503 and a pt-BR message; nothing else but 201.
    const failed = answers.filter((a) => a.status !== 201);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.filter((a) => a.status !== 503)).toEqual([]);
    for (const a of failed) {
      expect(a.body).toEqual({
        statusCode: 503,
        message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
        error: 'Service Unavailable',
      } satisfies ApiError);
      expect(a.ms).toBeLessThan(5000);
    }

    // The relay resumed: no event left behind; one notification per stored process, none twice.
    await eventually(
      async () =>
        Number(
          (await server.dataSource.query(`SELECT count(*) AS n FROM outbox_events WHERE processed_at IS NULL`))[0].n,
        ) === 0,
      'o relay do outbox esvaziar a fila',
      WAIT,
    );
    const stored: { id: string }[] = await server.dataSource.query(`SELECT id FROM processes`);
    const notified: { link: string; count: string }[] = await server.dataSource.query(
      `SELECT link, count(*) AS count FROM notifications WHERE user_id = $1 GROUP BY link`,
      [receiver.id],
    );
    const perLink = new Map(notified.map((n) => [n.link, Number(n.count)]));
    const links = stored.map((p) => `/semgi/process-details/${pid(p.id)}`);
    expect(links.filter((link) => perLink.get(link) !== 1)).toEqual([]);
    expect(perLink.size).toBe(stored.length);
    // Every 201 was stored (a 503 may still have committed if only its answer was lost).
    const storedIds = new Set(stored.map((p) => p.id));
    expect(created.filter((id) => !storedIds.has(id))).toEqual([]);

    // The dashboard recomputation resumed after the restart.
    await eventually(
      async () => {
        const rows: { at: Date | null }[] = await server.dataSource.query(
          `SELECT max(computed_at) AS at FROM dashboard_aggregates`,
        );
        return rows[0].at !== null && new Date(rows[0].at).getTime() >= restartedAt;
      },
      'o painel recalculado depois da volta do banco',
      WAIT,
    );
  });
});
