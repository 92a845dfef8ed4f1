import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { seedProcesses } from '#test/factories/process-seed';
import { liveDashboardFigures } from '#test/factories/dashboard-live';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { dashboardQueue } from '#test/factories/dashboard-queues';
import type { DashboardResponse } from '#server/contracts/dashboard';
import type { Role } from '#server/contracts/users';
import { loadEnv } from '#server/config/env';
import type { AppQueue } from '#server/coordination/bull-backend';
import {
  effectiveFigures,
  emptyFigures,
  GLOBAL_SCOPE,
  type ScopeFigures,
} from '#server/domain/dashboard/dashboard-figures';
import { DashboardAggregatesRepository } from '#server/repositories/dashboard-aggregates.repository';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';

interface Person {
  key: string;
  id: string;
  role: Role;
  token: string;
}

/**
 * docs/dashboard.md#updates: a process change refreshes only the departments it left and entered
 * and its viewers' scopes. Checked against the truth: after forwards, a response, a finalisation, a
 * new confidential process, a deadline, a deletion and confidentiality changes both ways (no full
 * recomputation asked for), every user's dashboard equals a direct computation, and every stored
 * scope equals what a full recomputation then stores. And the order of writes: a computation from
 * an older snapshot never replaces a newer one.
 */
describe('dashboard refresh after process changes', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let queues: ReturnType<typeof dashboardQueue>;
  const settle = () => queues.settle();
  let people: Person[];
  let processIds: string[];
  const byKey = (key: string) => people.find((p) => p.key === key)!;

  const dashboard = async (person: Person) => {
    const res = await api<DashboardResponse>(server.url, 'GET', '/dashboard', { token: person.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const call = async (person: Person, path: string, body: Record<string, unknown> = {}, method = 'POST') => {
    const res = await api(server.url, method, path, { token: person.token, body });
    expect([path, res.status]).toEqual([path, 200]);
  };
  /** Every scope as the server reads it, seen at `at`. */
  const storedScopes = async (at: number) => {
    const rows: { scope: string; figures: ScopeFigures }[] = await server.dataSource.query(
      'SELECT scope, figures FROM dashboard_aggregates',
    );
    return new Map(
      rows.map((row) => [row.scope, effectiveFigures({ ...emptyFigures(), ...row.figures }, at, loadEnv().TIME_ZONE)]),
    );
  };
  /**
   * After the changes made since `started`: no full recomputation was asked for, every request was
   * answered, every user's dashboard equals a direct computation, and every stored scope (deadlines
   * and crossings included) equals what a full recomputation then stores.
   */
  const expectRefreshedExactly = async (started: number) => {
    await settle();
    const jobsSince = async (queue: AppQueue, name: string) =>
      (await queue.getJobs(['completed'], 0, 1000)).filter(
        (job) => job.name === name && (job.processedOn ?? 0) >= started,
      );
    const fullRuns = (await jobsSince(queues.queue, 'dashboard.recompute')).filter((job) =>
      String(job.data.reason).startsWith('process'),
    );
    expect(fullRuns).toEqual([]);
    expect((await jobsSince(queues.queue, 'dashboard.refresh')).length).toBeGreaterThanOrEqual(1);
    expect(await server.dataSource.query('SELECT kind, key FROM dashboard_refresh_requests')).toEqual([]);

    for (const person of people) {
      const [body, live] = await Promise.all([dashboard(person), liveDashboardFigures(server.dataSource, person)]);
      const { activity, departments, ...liveStats } = live;
      expect([person.key, body.stats]).toEqual([person.key, { ...liveStats, pendingSignatures: 0 }]);
      expect(Object.fromEntries(body.activity.filter((d) => d.count > 0).map((d) => [d.date, d.count]))).toEqual(
        activity,
      );
      expect(Object.fromEntries(body.departmentDistribution.map((d) => [d.department, d.count]))).toEqual(departments);
    }

    const at = Date.now();
    const refreshed = await storedScopes(at);
    await worker.get(DashboardAggregatesService).recompute();
    const recomputed = await storedScopes(at);
    const empty = effectiveFigures(emptyFigures(), at, loadEnv().TIME_ZONE);
    for (const scope of new Set([...refreshed.keys(), ...recomputed.keys()])) {
      expect([scope, refreshed.get(scope) ?? empty]).toEqual([scope, recomputed.get(scope) ?? empty]);
    }
    expect(refreshed.get(GLOBAL_SCOPE)!.active).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    queues = dashboardQueue(server);
    const specs: { key: string; department: string; role: Role }[] = [
      { key: 'admin', department: 'Gabinete', role: 'admin' },
      { key: 'fin', department: 'Financeiro', role: 'operator' },
      { key: 'jur', department: 'Jurídico', role: 'operator' },
      { key: 'outsider', department: 'Pedidos', role: 'operator' },
    ];
    people = [];
    for (const spec of specs) {
      const user = await createUser(server.dataSource, { username: `atualiza.${spec.key}`, ...spec });
      const { token } = await login(server.url, user.username, TEST_PASSWORD);
      people.push({ ...spec, id: user.id, token });
    }
    processIds = await seedProcesses(server.dataSource, {
      count: 300,
      userIds: [byKey('fin').id, byKey('jur').id],
      confidentialRatio: 0.3,
    });
    await settle();
    await worker.get(DashboardAggregatesService).recompute();
  });

  afterAll(async () => {
    await queues.close();
  });

  it('refreshes each change without a full recomputation, to what a full recomputation stores', async () => {
    const [admin, fin, jur] = ['admin', 'fin', 'jur'].map(byKey);
    const open: { id: string; confidential: boolean; current_department: string }[] = await server.dataSource.query(
      `SELECT id, confidential, current_department FROM processes
        WHERE id = ANY($1) AND status IN ('pendente', 'em andamento') ORDER BY id`,
      [processIds],
    );
    const plain = open.filter((p) => !p.confidential);
    const secret = open.find((p) => p.confidential)!;
    const elsewhere = (p: { current_department: string }) =>
      p.current_department === 'Licitações' ? 'Jurídico' : 'Licitações';
    const started = Date.now();

    await call(admin, `/processes/${pid(plain[0].id)}/forward`, {
      destinationDepartment: elsewhere(plain[0]),
      comment: 'Para análise',
    });
    await call(admin, `/processes/${pid(secret.id)}/forward`, {
      destinationDepartment: elsewhere(secret),
      comment: 'Parecer reservado',
    });
    await call(admin, `/processes/${pid(plain[1].id)}/response-simple`, { response: 'Ciente.' });
    await call(admin, `/processes/${pid(plain[2].id)}/finalize`, { finalResponse: 'Atendido.' });
    await call(admin, `/processes/${pid(plain[3].id)}/deadline`, { days: 5, unit: 'business' });
    await call(admin, `/processes/${pid(plain[4].id)}`, {}, 'DELETE');
    // A process made confidential: its new viewers are refreshed.
    await call(
      admin,
      `/processes/${pid(plain[5].id)}/toggle-confidential`,
      { confidential: true, confidentialAccess: [jur.id] },
      'PATCH',
    );
    await createProcessViaApi(server.url, fin.token, {
      subject: 'Apuração reservada',
      destinationDepartment: 'Jurídico',
      confidential: true,
      confidentialAccess: [jur.id],
    });
    await expectRefreshedExactly(started);
  });

  it('refreshes the users who lose sight of a process made public', async () => {
    await settle();
    const [unveiled] = await server.dataSource.query<{ id: string }[]>(
      `SELECT id FROM processes p WHERE confidential AND created_by <> $1
          AND EXISTS (SELECT 1 FROM process_confidential_access a WHERE a.process_id = p.id) ORDER BY id LIMIT 1`,
      [byKey('admin').id],
    );
    const started = Date.now();
    await call(byKey('admin'), `/processes/${pid(unveiled.id)}/toggle-confidential`, { confidential: false }, 'PATCH');
    await expectRefreshedExactly(started);
  });

  it('never replaces a row with figures from an older snapshot', async () => {
    await settle();
    const repository = server.app.get(DashboardAggregatesRepository);
    const [row]: { department: string; snapshot_at: Date; figures: ScopeFigures }[] = await server.dataSource.query(
      `SELECT department, snapshot_at, figures FROM dashboard_department_figures WHERE scope = 'global' LIMIT 1`,
    );
    const globalActive = async () => (await storedScopes(Date.now())).get(GLOBAL_SCOPE)!.active;
    const before = await globalActive();
    const inflated = (snapshotAt: Date) =>
      repository.store(
        { departments: [row.department], users: [] },
        {
          computedAt: new Date(),
          departments: new Map([
            [row.department, new Map([['global', { ...row.figures, active: row.figures.active + 1000 }]])],
          ]),
          users: new Map(),
        },
        snapshotAt,
        [],
      );

    await inflated(new Date(row.snapshot_at.getTime() - 1));
    expect(await globalActive()).toBe(before);
    await inflated(new Date(row.snapshot_at.getTime() + 1));
    expect(await globalActive()).toBe(before + 1000);
    // The next full recomputation (a newer snapshot) puts the truth back.
    await worker.get(DashboardAggregatesService).recompute();
    expect(await globalActive()).toBe(before);
  });
});
