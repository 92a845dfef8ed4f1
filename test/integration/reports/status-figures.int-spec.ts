import ExcelJS from 'exceljs';
import type { DashboardResponse } from '#server/contracts/dashboard';
import type { ProcessListResponse, ProcessStatsResponse } from '#server/contracts/processes';
import type { ProcessesReport } from '#server/contracts/reports';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';
import { seedProcesses } from '#test/factories/process-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/**
 * 'Em Andamento' means one thing (status 'em andamento') on the dashboard ('Processos Ativos'), the
 * process list (its card and its status filter), the processes report and that report's export.
 */
describe('one figure per fact: processes in progress', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let token: string;

  const get = async <T>(path: string) => {
    const res = await api<T>(server.url, 'GET', path, { token });
    expect(res.status).toBe(200);
    return res.body;
  };

  let staff: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    const admin = await createUser(server.dataSource, { username: 'figuras.admin', role: 'admin' });
    const others = [];
    for (const username of ['figuras.ana', 'figuras.bia'])
      others.push(await createUser(server.dataSource, { username, department: 'Jurídico' }));
    await seedProcesses(server.dataSource, {
      count: 120,
      userIds: [admin.id, ...others.map((u) => u.id)],
      confidentialRatio: 0.3,
      seed: 0.17,
    });
    await worker.get(DashboardAggregatesService).recompute();
    token = (await login(server.url, 'figuras.admin', TEST_PASSWORD)).token;
    staff = await login(server.url, 'figuras.ana', TEST_PASSWORD);
  });

  it("the list's cards, read from the dashboard's figures, count what each user may see", async () => {
    const countsFor = async (userId: string | null) => {
      const rows = await server.dataSource.query<{ status: string; count: number }[]>(
        `SELECT status, count(*)::int AS count FROM processes p
          WHERE $1::uuid IS NULL OR NOT p.confidential OR p.created_by = $1
             OR EXISTS (SELECT 1 FROM process_confidential_access a WHERE a.process_id = p.id AND a.user_id = $1)
          GROUP BY status`,
        [userId],
      );
      const by = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
      return {
        total: rows.reduce((sum, r) => sum + r.count, 0),
        pendente: by('pendente'),
        emAndamento: by('em andamento'),
        concluido: by('concluído'),
        cancelado: by('cancelado'),
      };
    };
    // The worker's figures are settled, so the cards are read from them (process-stats.int-spec.ts).
    const [{ settled }] = await server.dataSource.query<{ settled: boolean }[]>(
      `SELECT bool_and(settled_at > now() - interval '5 minutes') AS settled FROM dashboard_aggregates`,
    );
    expect(settled).toBe(true);
    const adminCards = await get<ProcessStatsResponse>('/processes/stats');
    const staffCards = await api<ProcessStatsResponse>(server.url, 'GET', '/processes/stats', { token: staff.token });
    const [staffTruth, adminTruth] = [await countsFor(staff.user.id), await countsFor(null)];
    // Confidential processes she may not see exist, so a count of everything would differ.
    expect(staffTruth.total).toBeLessThan(adminTruth.total);
    expect(adminCards.data).toEqual(adminTruth);
    expect(staffCards.body.data).toEqual(staffTruth);
  });

  it('dashboard, list, report and export agree on the same data', async () => {
    const [truth] = await server.dataSource.query<{ active: number; pending: number }[]>(
      `SELECT count(*) FILTER (WHERE status = 'em andamento')::int AS active,
              count(*) FILTER (WHERE status = 'pendente')::int AS pending FROM processes`,
    );
    // Pending processes exist, so a figure that also counted them would differ.
    expect(truth.pending).toBeGreaterThan(0);
    expect(truth.active).toBeGreaterThan(0);

    const dashboard = await get<DashboardResponse>('/dashboard');
    const stats = await get<ProcessStatsResponse>('/processes/stats');
    const list = await get<ProcessListResponse>(`/processes?status=${encodeURIComponent('em andamento')}&limit=1`);
    const report = await get<ProcessesReport>('/reports/processes');

    const res = await fetch(`${server.url}/api/reports/processes/export/xlsx`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const facts = new Map<string, unknown>();
    workbook.getWorksheet('Resumo')!.eachRow((row) => facts.set(row.getCell(1).text, row.getCell(2).value));

    expect({
      dashboard: dashboard.stats.active,
      listCard: stats.data.emAndamento,
      listFilter: list.data.total,
      report: report.inProgress,
      export: facts.get('Em Andamento'),
    }).toEqual({
      dashboard: truth.active,
      listCard: truth.active,
      listFilter: truth.active,
      report: truth.active,
      export: truth.active,
    });
  });
});
