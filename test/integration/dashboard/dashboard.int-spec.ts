import { api, connectSocket, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { seedProcesses } from '#test/factories/process-seed';
import { liveDashboardFigures } from '#test/factories/dashboard-live';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { dashboardQueue } from '#test/factories/dashboard-queues';
import { pid } from '#test/factories/processes';
import type { DashboardResponse, DashboardUpdatedPayload } from '#server/contracts/dashboard';
import type { ProcessListResponse } from '#server/contracts/processes';
import type { Role } from '#server/contracts/users';
import { DASHBOARD_RECOMPUTE_DELAY_MS, dashboardRecomputeOptions } from '#server/domain/dashboard/dashboard-recompute';
import { formatNup } from '#server/modules/processes/nup';
import { CONFIDENTIAL_VIEWER_PAIRS_SQL, visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { ProcessEntity } from '#server/database/entities/index';
import type { AppQueue } from '#server/coordination/bull-backend';
import { Clock } from '#server/domain/clock';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';
import { DashboardPublisherService } from '#worker/dashboard/dashboard-publisher.service';
import { DASHBOARD_RECOMPUTE_LOCK } from '#server/repositories/dashboard-aggregates.repository';
const DAY = 86_400_000;

interface Person {
  key: string;
  id: string;
  role: Role;
  token: string;
}

/**
 * Dashboard aggregates against the truth: random processes (a third confidential, with access lists
 * spread over the users), every user's dashboard compared with a direct SQL computation and with
 * what GET /processes shows that same user; the clock moving past the 30-day threshold; a burst of
 * 1,000 forwards; and `dashboard:updated` reaching exactly the users concerned.
 */
describe('dashboard aggregates', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let queues: ReturnType<typeof dashboardQueue>;
  let people: Person[];
  let processIds: string[];

  const byKey = (key: string) => people.find((p) => p.key === key)!;
  const dashboard = async (person: Person, status?: string) => {
    const res = await api<DashboardResponse>(
      server.url,
      'GET',
      `/dashboard${status ? `?status=${encodeURIComponent(status)}` : ''}`,
      {
        token: person.token,
      },
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  const listTotal = async (person: Person, query: string) => {
    const res = await api<ProcessListResponse>(server.url, 'GET', `/processes?${query}`, { token: person.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const recompute = () => worker.get(DashboardAggregatesService).recompute();
  const settle = () => queues.settle();

  beforeAll(async () => {
    queues = dashboardQueue(server);
    const specs: { key: string; department: string; role: Role }[] = [
      { key: 'admin', department: 'Gabinete', role: 'admin' },
      { key: 'fin', department: 'Financeiro', role: 'operator' },
      { key: 'adm', department: 'Administração', role: 'operator' },
      { key: 'jur', department: 'Jurídico', role: 'operator' },
      { key: 'infra', department: 'Infraestrutura', role: 'operator' },
      { key: 'outsider', department: 'Pedidos', role: 'operator' },
    ];
    people = [];
    for (const spec of specs) {
      const user = await createUser(server.dataSource, { username: `painel.${spec.key}`, ...spec });
      const { token } = await login(server.url, user.username, TEST_PASSWORD);
      people.push({ ...spec, id: user.id, token });
    }
    // The outsider neither creates nor is listed on anything: it sees only non-confidential processes.
    processIds = await seedProcesses(server.dataSource, {
      count: 600,
      userIds: people.filter((p) => p.key !== 'outsider').map((p) => p.id),
      confidentialRatio: 0.3,
    });
    await settle();
    await recompute();
  });

  afterAll(async () => {
    await queues.close();
  });

  it('every user sees exactly the figures a direct computation and GET /processes give them', async () => {
    const distinct = new Set<string>();
    for (const person of people) {
      const [body, live] = await Promise.all([dashboard(person), liveDashboardFigures(server.dataSource, person)]);
      const { activity, departments, ...liveStats } = live;
      expect([person.key, body.stats]).toEqual([person.key, { ...liveStats, pendingSignatures: 0 }]);
      expect(body.activity).toHaveLength(30);
      expect(Object.fromEntries(body.activity.filter((d) => d.count > 0).map((d) => [d.date, d.count]))).toEqual(
        activity,
      );
      expect(Object.fromEntries(body.departmentDistribution.map((d) => [d.department, d.count]))).toEqual(departments);
      expect(body.computedAt).not.toBeNull();

      expect((await listTotal(person, 'status=em%20andamento&limit=1')).total).toBe(body.stats.active);
      expect((await listTotal(person, 'status=concluido&limit=1')).total).toBe(body.stats.completed);
      expect((await listTotal(person, 'aging=true&limit=1')).total).toBe(body.stats.aging);
      const firstPage = await listTotal(person, 'limit=5');
      expect(body.recentProcesses.map((p) => p.id)).toEqual(firstPage.processes.map((p) => p.id));
      const filtered = await dashboard(person, 'em andamento');
      const active = await listTotal(person, 'status=em%20andamento&limit=5');
      expect(filtered.recentProcesses.map((p) => p.id)).toEqual(active.processes.map((p) => p.id));
      expect(filtered.recentProcesses.every((p) => p.status === 'em andamento')).toBe(true);
      distinct.add(JSON.stringify(body.stats));
    }
    // Confidential processes really make the figures differ between users.
    expect(distinct.size).toBeGreaterThan(3);
    const outsider = await dashboard(byKey('outsider'));
    const admin = await dashboard(byKey('admin'));
    expect(outsider.recentProcesses.some((p) => p.confidential)).toBe(false);
    expect(admin.stats.active).toBeGreaterThan(outsider.stats.active);
  });

  it('the set form of the visibility rule lets through exactly what the predicate does', async () => {
    const pairs: { user_id: string; process_id: string }[] =
      await server.dataSource.query(CONFIDENTIAL_VIEWER_PAIRS_SQL);
    for (const person of people.filter((p) => p.role !== 'admin')) {
      const visible = visibleProcessesWhere(person, 'p');
      const rows = await server.dataSource
        .getRepository(ProcessEntity)
        .createQueryBuilder('p')
        .select('p.id', 'id')
        .where(visible.sql, visible.params)
        .andWhere('p.confidential')
        .getRawMany<{ id: string }>();
      const expected = rows.map((r) => r.id).sort();
      const fromPairs = pairs
        .filter((r) => r.user_id === person.id)
        .map((r) => r.process_id)
        .sort();
      expect([person.key, fromPairs]).toEqual([person.key, expected]);
      if (person.key !== 'outsider') expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown status filter and an anonymous call', async () => {
    const bad = await api(server.url, 'GET', '/dashboard?status=arquivado', { token: byKey('fin').token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Status de processo inválido.' });
    const anonymous = await api(server.url, 'GET', '/dashboard');
    expect(anonymous.status).toBe(401);
  });

  it('aging moves with the clock between recomputations', async () => {
    const fin = byKey('fin');
    // The worker computes and the server first answers at `earlier` (their injected clocks), when
    // two processes are 2 s short of 30 and 21 days without update; by now both have crossed.
    const earlier = new Date(Date.now() - 2500);
    const [aging, warning] = processIds.slice(-2);
    await server.dataSource.query(
      `UPDATE processes SET confidential = false, last_update = $3::timestamptz - $2 * interval '1 millisecond' WHERE id = $1`,
      [aging, 30 * DAY - 2000, earlier],
    );
    await server.dataSource.query(
      `UPDATE processes SET confidential = false, last_update = $3::timestamptz - $2 * interval '1 millisecond' WHERE id = $1`,
      [warning, 21 * DAY - 2000, earlier],
    );
    const clocks = [worker.get(Clock), server.app.get(Clock)].map((clock) =>
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(earlier)),
    );
    let before: DashboardResponse;
    try {
      await recompute();
      before = await dashboard(fin);
    } finally {
      clocks.forEach((clock) => clock.mockRestore());
    }
    expect(before.computedAt).toBe(earlier.toISOString());
    const after = await dashboard(fin);
    expect(after.computedAt).toBe(before.computedAt);
    expect(after.stats.aging).toBe(before.stats.aging + 1);
    expect(after.stats.warning).toBe(before.stats.warning);
    expect((await listTotal(fin, 'aging=true&limit=1')).total).toBe(after.stats.aging);
    const live = await liveDashboardFigures(server.dataSource, fin);
    expect([after.stats.aging, after.stats.warning]).toEqual([live.aging, live.warning]);
  });

  it('a burst of 1,000 forwards causes a handful of refreshes, no full recomputation, and ends exact', async () => {
    await settle();
    const admin = byKey('admin');
    const open: { id: string; current_department: string }[] = await server.dataSource.query(
      `SELECT id, current_department FROM processes WHERE status IN ('pendente', 'em andamento') ORDER BY id LIMIT 250`,
    );
    const started = Date.now();
    let next = 0;
    const forwardOne = async (n: number) => {
      const process = open[n % open.length];
      const destination = process.current_department === 'Licitações' ? 'Jurídico' : 'Licitações';
      const res = await api(server.url, 'POST', `/processes/${pid(process.id)}/forward`, {
        token: admin.token,
        body: { destinationDepartment: destination, comment: `Encaminhamento em massa ${n}` },
      });
      if (res.status !== 200) {
        failures.push({ n, status: res.status, body: res.body });
        return;
      }
      process.current_department = destination;
      events++;
    };
    let events = 0;
    const failures: { n: number; status: number; body: unknown }[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 1000) await forwardOne(next++);
      }),
    );
    const burstMs = Date.now() - started;
    await settle();
    const since = async (q: AppQueue, name: string) =>
      (await q.getJobs(['completed'], 0, 1000)).filter((job) => job.name === name && (job.processedOn ?? 0) >= started);
    const runs = await since(queues.queue, 'dashboard.refresh');
    const fullRuns = (await since(queues.queue, 'dashboard.recompute')).filter((job) =>
      job.data.reason.startsWith('process.'),
    );
    // At most one refresh per DASHBOARD_RECOMPUTE_DELAY_MS while the burst lasts, plus the one that
    // catches its tail: a handful per second, never one per event; forwards ask for no full recomputation.
    console.info(`dashboard burst: ${events} forwards in ${burstMs} ms -> ${runs.length} refreshes`);
    // Every forward is valid (one process is never forwarded twice at once): all were accepted.
    expect(failures).toEqual([]);
    expect(events).toBe(1000);
    expect(fullRuns).toEqual([]);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(burstMs / DASHBOARD_RECOMPUTE_DELAY_MS) + 2);
    // The last change was not lost.
    for (const person of [admin, byKey('outsider'), byKey('jur')]) {
      const body = await dashboard(person);
      const live = await liveDashboardFigures(server.dataSource, person);
      expect(Object.fromEntries(body.departmentDistribution.map((d) => [d.department, d.count]))).toEqual(
        live.departments,
      );
      // Every day with activity, not only the last one: the burst may end after local midnight.
      expect(Object.fromEntries(body.activity.filter((d) => d.count > 0).map((d) => [d.date, d.count]))).toEqual(
        live.activity,
      );
    }
  });

  it("a scheduler's tick never runs a second full recomputation beside one that runs", async () => {
    await settle();
    // Held here, the recomputation lock keeps the first run active for as long as the test needs.
    const holder = server.dataSource.createQueryRunner();
    await holder.connect();
    const active = async () =>
      (await queues.queue.getJobs(['active'], 0, 100)).filter((job) => job.name === 'dashboard.recompute');
    let tickReason = '';
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [DASHBOARD_RECOMPUTE_LOCK]);
      await queues.queue.add('dashboard.recompute', { reason: 'teste' }, dashboardRecomputeOptions(0));
      await eventually(async () => (await active()).length === 1, 'o recálculo esperando a trava');
      const tick = (await queues.queue.getJobs(['delayed'], 0, 100)).find(
        (job) => job.name === 'dashboard.recompute' && job.data.scheduled,
      );
      expect(tick).toBeDefined();
      tickReason = tick!.data.reason;
      await tick!.promote();
      // The scheduler's jobs are removed once done.
      await eventually(
        async () =>
          (await queues.queue.getJob(tick!.id!))?.finishedOn !== undefined || !(await queues.queue.getJob(tick!.id!)),
        'o tique',
      );
      await quietPeriod(300);
      expect((await active()).map((job) => job.data.reason)).toEqual(['teste']);
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [DASHBOARD_RECOMPUTE_LOCK]);
      await holder.release();
    }
    // The tick's request ran after the first: the figures are recomputed once more, not lost.
    await settle();
    const runs = (await queues.queue.getJobs(['completed'], 0, 1000)).filter(
      (job) => job.name === 'dashboard.recompute' && !job.data.scheduled,
    );
    const first = runs.find((job) => job.data.reason === 'teste')!;
    const asked = runs.filter((job) => job.data.reason === tickReason);
    expect(asked).toHaveLength(1);
    expect(asked[0].processedOn).toBeGreaterThanOrEqual(first.finishedOn!);
  });

  it("a forward's dashboard push does not wait for the event's notifications", async () => {
    await settle();
    const admin = byKey('admin');
    const [target] = await server.dataSource.query<{ id: string; current_department: string }[]>(
      `SELECT id, current_department FROM processes WHERE NOT confidential AND status = 'pendente' LIMIT 1`,
    );
    const socket = await connectSocket(server.url, admin.token);
    const heard: DashboardUpdatedPayload[] = [];
    socket.on('dashboard:updated', (payload) => heard.push(payload));
    // Held here, the lock stops the relay at the event's notifications (its transaction waits).
    const holder = server.dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query('LOCK TABLE notifications IN EXCLUSIVE MODE');
      const res = await api(server.url, 'POST', `/processes/${pid(target.id)}/forward`, {
        token: admin.token,
        body: {
          destinationDepartment: target.current_department === 'Jurídico' ? 'Financeiro' : 'Jurídico',
          comment: 'Para análise',
        },
      });
      expect(res.status).toBe(200);
      await eventually(() => heard.length > 0, 'dashboard:updated com o relay parado', { timeoutMs: 5000 });
      const [{ pending }] = await server.dataSource.query<{ pending: number }[]>(
        'SELECT count(*)::int AS pending FROM outbox_events WHERE processed_at IS NULL',
      );
      expect(pending).toBeGreaterThan(0);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
      socket.close();
    }
    await settle();
  });

  it('dashboard:updated reaches the users who see a change, and only them', async () => {
    await settle();
    const [creator, listed, outsider, admin] = ['fin', 'adm', 'outsider', 'admin'].map(byKey);
    const [secret] = await server.dataSource.query(
      `INSERT INTO processes (id, subject, description, status, current_department, origin_department, confidential, created_by)
       VALUES ($2, 'Sindicância sigilosa', 'Apuração', 'em andamento', 'Financeiro', 'Financeiro', true, $1)
       RETURNING id`,
      [creator.id, formatNup('99999', 900_001, 2024)],
    );
    await server.dataSource.query('INSERT INTO process_confidential_access (process_id, user_id) VALUES ($1, $2)', [
      secret.id,
      listed.id,
    ]);
    await recompute();
    const sockets = await Promise.all(
      [creator, listed, outsider, admin].map((p) => connectSocket(server.url, p.token)),
    );
    const heard = sockets.map(() => [] as DashboardUpdatedPayload[]);
    sockets.forEach((socket, i) => socket.on('dashboard:updated', (payload) => heard[i].push(payload)));
    try {
      const forwardedAt = Date.now();
      const res = await api(server.url, 'POST', `/processes/${pid(secret.id)}/forward`, {
        token: admin.token,
        body: { destinationDepartment: 'Jurídico', comment: 'Para parecer' },
      });
      expect(res.status).toBe(200);
      await eventually(
        () => [heard[0], heard[1], heard[3]].every((h) => h.length > 0),
        'dashboard:updated do criador, do usuário listado e do admin',
        { timeoutMs: 2000 },
      );
      const latency = Date.now() - forwardedAt;
      expect(heard[0]).toHaveLength(1);
      expect(heard[1]).toHaveLength(1);
      expect(heard[3]).toHaveLength(1);
      expect(latency).toBeLessThan(2000);
      await settle();
      await quietPeriod(300);
      // The outsider's figures did not change: it hears nothing.
      expect(heard[2]).toHaveLength(0);
      const seen = await dashboard(creator);
      expect(seen.departmentDistribution.find((d) => d.department === 'Jurídico')).toBeDefined();
      expect(seen.computedAt).toBe(heard[0][0].computedAt);

      // A non-confidential change reaches everyone, the outsider too.
      const open = processIds[0];
      await server.dataSource.query(
        `UPDATE processes SET status = 'em andamento', confidential = false, current_department = 'Pedidos' WHERE id = $1`,
        [open],
      );
      const moved = await api(server.url, 'POST', `/processes/${pid(open)}/forward`, {
        token: admin.token,
        body: { destinationDepartment: 'Recursos Humanos', comment: 'Ciência' },
      });
      expect([moved.status, (moved.body as { message?: string }).message]).toEqual([
        200,
        'Processo encaminhado com sucesso!',
      ]);
      await eventually(() => heard[2].length > 0, 'dashboard:updated do usuário de fora', { timeoutMs: 2000 });
      expect(heard[2]).toHaveLength(1);
    } finally {
      sockets.forEach((socket) => socket.close());
    }
  });

  it("a change only the process list's cards show (pending to cancelled) still pushes dashboard:updated", async () => {
    await settle();
    const publisher = worker.get(DashboardPublisherService);
    await publisher.recompute();
    const [pending] = await server.dataSource.query<{ id: string }[]>(
      `SELECT id FROM processes WHERE status = 'pendente' AND NOT confidential LIMIT 1`,
    );
    const socket = await connectSocket(server.url, byKey('outsider').token);
    const heard: DashboardUpdatedPayload[] = [];
    socket.on('dashboard:updated', (payload) => heard.push(payload));
    try {
      await server.dataSource.query(`UPDATE processes SET status = 'cancelado' WHERE id = $1`, [pending.id]);
      // The dashboard itself shows neither figure: only the cards (docs/processes.md#list-counts) changed.
      const { notified } = await publisher.recompute();
      expect(notified).toBe(1);
      await eventually(() => heard.length > 0, 'dashboard:updated após pendente → cancelado', { timeoutMs: 2000 });
    } finally {
      socket.close();
    }
  });
});
