import type { DashboardResponse } from '#server/contracts/dashboard';
import type { ProcessListResponse } from '#server/contracts/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { spawnBuilt } from '#test/setup/built-process';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

/** `npm run seed:demo` against a running worker: the dashboard counts the new processes at once. */
describe('demo seed and the dashboard', () => {
  const { server } = useServerSuite({ worker: true });

  it('recomputes the aggregates after loading the demo data', async () => {
    await createUser(server.dataSource, { username: 'semente.admin', role: 'admin' });
    const { token } = await login(server.url, 'semente.admin', TEST_PASSWORD);
    const read = async () => (await api<DashboardResponse>(server.url, 'GET', '/dashboard', { token })).body;
    // The worker's boot computation has run on the empty database, so only the seed can refresh it.
    await eventually(async () => (await read()).computedAt !== null, 'o primeiro cálculo do painel');
    expect((await read()).stats.active).toBe(0);

    const seed = spawnBuilt('server/src/seed/seed-demo.js', process.env);
    expect([await seed.exited, seed.output()]).toEqual([
      0,
      expect.stringContaining('Dados de demonstração carregados'),
    ]);
    const [truth] = await server.dataSource.query<{ active: number; completed: number }[]>(
      `SELECT count(*) FILTER (WHERE status = 'em andamento')::int AS active,
              count(*) FILTER (WHERE status = 'concluído')::int AS completed FROM processes`,
    );
    expect(truth.active).toBeGreaterThan(0);
    await eventually(
      async () => {
        const { stats } = await read();
        return stats.active === truth.active && stats.completed === truth.completed;
      },
      'o painel contar os processos de demonstração',
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    // The demo's deadlines put processes under every filter of the list (docs/deadlines.md#filters).
    for (const filter of ['overdue', 'due-soon', 'on-time', 'none']) {
      const { body } = await api<ProcessListResponse>(server.url, 'GET', `/processes?deadline=${filter}`, { token });
      expect([filter, body]).toEqual([filter, expect.objectContaining({ data: expect.any(Object) })]);
      expect(body.data.total).toBeGreaterThan(0);
    }
    const { body: sorted } = await api<ProcessListResponse>(server.url, 'GET', '/processes?sort=deadline&limit=50', {
      token,
    });
    const dues = sorted.data.processes.map((p) => p.deadline?.due ?? '');
    expect(dues).toEqual([...dues].sort());
    expect(sorted.data.processes[0].deadline?.state).toBe('overdue');
  });
});
