import type { ProcessStatsResponse } from '#server/contracts/processes';
import { DashboardStatusFigures1733700000000 } from '#server/database/migrations/1733700000000-dashboard-status-figures';
import { emptyFigures, type ScopeFigures } from '#server/domain/dashboard/dashboard-figures';
import { seedProcesses } from '#test/factories/process-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * The process list's cards (GET /processes/stats, docs/processes.md#list-counts) read the
 * dashboard's stored figures of the caller's scopes while they are settled, and count processes
 * otherwise. The stored rows here are written by the test, with figures no count would give, so
 * each answer shows which way it was read.
 */
describe('GET /processes/stats', () => {
  const { server } = useServerSuite();
  const s: Record<'admin' | 'ana', Session> = {} as never;
  const stats = async (who: Session) => {
    const res = await api<ProcessStatsResponse>(server.url, 'GET', '/processes/stats', { token: who.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const counted = async (userId: string | null) => {
    const [row] = await server.dataSource.query<{ total: number; pendente: number; cancelado: number }[]>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pendente')::int AS pendente,
              count(*) FILTER (WHERE status = 'cancelado')::int AS cancelado
         FROM processes p
        WHERE $1::uuid IS NULL OR NOT p.confidential OR p.created_by = $1
           OR EXISTS (SELECT 1 FROM process_confidential_access a WHERE a.process_id = p.id AND a.user_id = $1)`,
      [userId],
    );
    return row;
  };
  const store = async (scope: string, figures: Partial<ScopeFigures>, settledMinutesAgo = 0) => {
    await server.dataSource.query(
      `INSERT INTO dashboard_aggregates (scope, figures, computed_at, settled_at)
       VALUES ($1, $2, now(), now() - $3::int * interval '1 minute')
       ON CONFLICT (scope) DO UPDATE SET figures = EXCLUDED.figures, computed_at = EXCLUDED.computed_at,
                                         settled_at = EXCLUDED.settled_at`,
      [scope, JSON.stringify({ ...emptyFigures(), ...figures }), settledMinutesAgo],
    );
  };

  beforeAll(async () => {
    const admin = await createUser(server.dataSource, { username: 'cards.admin', role: 'admin' });
    const ana = await createUser(server.dataSource, { username: 'cards.ana', department: 'Jurídico' });
    await seedProcesses(server.dataSource, { count: 60, userIds: [admin.id, ana.id], confidentialRatio: 0.3 });
    s.admin = await login(server.url, 'cards.admin', TEST_PASSWORD);
    s.ana = await login(server.url, 'cards.ana', TEST_PASSWORD);
  });
  beforeEach(async () => {
    await server.dataSource.query('DELETE FROM dashboard_aggregates');
    await server.dataSource.query('DELETE FROM dashboard_department_figures');
  });

  it('counts processes while the worker has stored no figures', async () => {
    const [anaCount, adminCount] = [await counted(s.ana.user.id), await counted(null)];
    expect(anaCount.total).toBeLessThan(adminCount.total);
    expect(await stats(s.ana)).toMatchObject(anaCount);
    expect(await stats(s.admin)).toMatchObject(adminCount);
  });

  it("answers the stored figures of the caller's two scopes while they are settled", async () => {
    await store('global', { pending: 100, active: 20, completed: 3, cancelled: 4 });
    await store('confidential', { pending: 1000, active: 1000, completed: 1000, cancelled: 1000 });
    await store(`user:${s.ana.user.id}`, { pending: 1, active: 2 });
    expect(await stats(s.ana)).toEqual({ total: 130, pendente: 101, emAndamento: 22, concluido: 3, cancelado: 4 });
    expect(await stats(s.admin)).toEqual({
      total: 4127,
      pendente: 1100,
      emAndamento: 1020,
      concluido: 1003,
      cancelado: 1004,
    });
  });

  it('reads the global row alone for a user who may see no confidential process', async () => {
    await store('global', { pending: 100, active: 20, completed: 3, cancelled: 4 });
    expect(await stats(s.ana)).toEqual({ total: 127, pendente: 100, emAndamento: 20, concluido: 3, cancelado: 4 });
  });

  it('counts processes while a row lacks the pending and cancelled counts (stored by an older worker)', async () => {
    await server.dataSource.query(
      `INSERT INTO dashboard_aggregates (scope, figures, computed_at, settled_at)
       VALUES ('global', $1, now(), now())`,
      [JSON.stringify({ active: 20, completed: 3 })],
    );
    expect(await stats(s.ana)).toMatchObject(await counted(s.ana.user.id));
  });

  it('counts processes when the stored figures are older than 10 minutes', async () => {
    await store('global', { pending: 100 }, 11);
    await store(`user:${s.ana.user.id}`, { pending: 1 });
    expect(await stats(s.ana)).toMatchObject(await counted(s.ana.user.id));
    await store('global', { pending: 100 }, 9);
    expect((await stats(s.ana)).pendente).toBe(101);
  });

  it('counts processes after the upgrade that added pending and cancelled, until the worker recomputes', async () => {
    await store('global', { pending: 100 });
    await server.dataSource.query(
      `INSERT INTO dashboard_department_figures (department, scope, figures, computed_at, snapshot_at)
       VALUES ('Jurídico', 'global', '{}', now(), now())`,
    );
    const runner = server.dataSource.createQueryRunner();
    try {
      await new DashboardStatusFigures1733700000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await stats(s.ana)).toMatchObject(await counted(s.ana.user.id));
    const [department] = await server.dataSource.query<{ computed_at: Date }[]>(
      `SELECT computed_at FROM dashboard_department_figures WHERE department = 'Jurídico'`,
    );
    expect(department.computed_at.getTime()).toBe(0);
  });
});
