import type { Browser } from 'puppeteer-core';
import type { DashboardResponse } from '#server/contracts/dashboard';
import { pid } from '#test/factories/processes';
import { seedDeadlines, seedProcesses } from '#test/factories/process-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { launchBrowser, loginThroughUi, openAppPage, type AppPage } from '#test/setup/browser';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';
import { DashboardPublisherService } from '#worker/dashboard/dashboard-publisher.service';
import type { ProcessStatsResponse } from '#server/contracts/processes';

const STATS = ['active', 'completed', 'aging', 'pendingSignatures', 'recentProtocols'] as const;

/**
 * The dashboard in a real browser against the real server and worker: the seeded figures on the
 * five cards and in the recent-processes list, then a forward made elsewhere shows up on the open
 * page by itself (`dashboard:updated`), without a reload.
 */
describe('dashboard in the browser', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let browser: Browser;
  let app: AppPage;
  let operatorToken: string;
  let adminToken: string;

  const dashboardOf = async (token: string) =>
    (await api<DashboardResponse>(server.url, 'GET', '/dashboard', { token })).body;
  const cardValue = (key: string) =>
    app.page.$eval(
      `[data-stat="${key}"] .dashboard-stat__value`,
      (el) => (el as unknown as { textContent: string }).textContent,
    );

  beforeAll(async () => {
    const operator = await createUser(server.dataSource, {
      username: 'painel.e2e',
      name: 'Marina Souza',
      department: 'Financeiro',
    });
    const admin = await createUser(server.dataSource, {
      username: 'painel.admin',
      department: 'Gabinete',
      role: 'admin',
    });
    operatorToken = (await login(server.url, operator.username, TEST_PASSWORD)).token;
    adminToken = (await login(server.url, admin.username, TEST_PASSWORD)).token;
    const ids = await seedProcesses(server.dataSource, {
      count: 60,
      userIds: [operator.id, admin.id],
      confidentialRatio: 0.2,
    });
    await seedDeadlines(server.dataSource, ids, server.app.get(DeadlineClock).today());
    // The newest process is open and public, so the operator sees it first and it can be forwarded.
    await server.dataSource.query(
      `UPDATE processes SET status = 'em andamento', confidential = false
        WHERE id = (SELECT id FROM processes ORDER BY last_update DESC, id DESC LIMIT 1)`,
    );
    await worker.get(DashboardAggregatesService).recompute();
    browser = await launchBrowser();
    app = await openAppPage(browser, server.url);
    await loginThroughUi(app, 'painel.e2e', TEST_PASSWORD);
  });

  afterEach(() => {
    // ECharts draws under the app's CSP (security-headers.ts): nothing may be blocked.
    expect(app.cspViolations).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the seeded figures and updates after a forward without a reload', async () => {
    await app.waitForText('Olá, Marina');
    const expected = await dashboardOf(operatorToken);
    await app.page.waitForSelector('[data-stat="active"] .dashboard-stat__value');
    for (const key of STATS) {
      expect([key, await cardValue(key)]).toEqual([key, expected.stats[key].toLocaleString('pt-BR')]);
    }
    const first = expected.recentProcesses[0];
    await app.waitForText(first.subject, '.dashboard-recent');
    await app.waitForText('Não há documentos pendentes de assinatura.', '.dashboard-signatures');
    expect(await app.page.waitForSelector('.dashboard-chart .echart__canvas svg')).not.toBeNull();

    // A marker that a page reload would erase.
    await app.page.evaluate('window.__semgiNoReload = true');
    const destination = first.currentDepartment === 'Jurídico' ? 'Licitações' : 'Jurídico';
    const forwarded = await api(server.url, 'POST', `/processes/${pid(first.id)}/forward`, {
      token: adminToken,
      body: { destinationDepartment: destination, comment: 'Para análise' },
    });
    expect(forwarded.status).toBe(200);
    await app.page.waitForFunction(
      `document.querySelector(${JSON.stringify(`[data-process-id="${first.id}"] .dashboard-recent__department`)})?.textContent === ${JSON.stringify(destination)}`,
      { timeout: 10_000 },
    );
    expect(await app.page.evaluate('window.__semgiNoReload')).toBe(true);
    expect(app.route()).toBe('/dashboard');
  });

  it('the status filter keeps only processes of that status', async () => {
    const expected = (
      await api<DashboardResponse>(server.url, 'GET', '/dashboard?status=concluido', { token: operatorToken })
    ).body;
    await app.page.click('.dashboard-recent__filter button');
    await app.page.click('::-p-aria([name="Concluído"][role="option"])');
    await app.page.waitForFunction(
      `Array.from(document.querySelectorAll('.dashboard-recent__item')).length === ${expected.recentProcesses.length} &&
       Array.from(document.querySelectorAll('.dashboard-recent__item .status-badge')).every((b) => b.textContent === 'Concluído')`,
    );
    const ids = await app.page.$$eval('.dashboard-recent__item', (items) =>
      items.map((item) => (item as unknown as { dataset: { processId: string } }).dataset.processId),
    );
    expect(ids).toEqual(expected.recentProcesses.map((p) => p.id));
  });

  it("the 'Prazos' card shows the caller's overdue and this week's deadlines and opens the list filtered", async () => {
    const { deadlines } = await dashboardOf(operatorToken);
    expect(deadlines.overdue).toBeGreaterThan(0);
    await app.goto('/dashboard');
    const value = (key: string) =>
      app.page.$eval(
        `[data-deadlines="${key}"] .dashboard-deadlines__value`,
        (el) => (el as unknown as { textContent: string }).textContent,
      );
    await app.page.waitForSelector('[data-deadlines="overdue"] .dashboard-deadlines__value');
    expect([await value('overdue'), await value('dueThisWeek')]).toEqual([
      deadlines.overdue.toLocaleString('pt-BR'),
      deadlines.dueThisWeek.toLocaleString('pt-BR'),
    ]);
    await app.waitForText('Vencem esta semana', '.dashboard-deadlines');
    await app.page.click('[data-deadlines="overdue"]');
    await app.page.waitForFunction(`location.search === '?deadline=overdue'`);
    expect(app.route()).toBe('/processes');
  });

  it("the process list's cards follow the worker's figures without a reload", async () => {
    await app.goto('/processes');
    const pendingCard = () =>
      app.page.$$eval('.stat-cards__card', (cards) =>
        cards
          .map((card) => (card as unknown as { textContent: string }).textContent)
          .find((text) => text.startsWith('Pendentes')),
      );
    const stats = async () =>
      (await api<ProcessStatsResponse>(server.url, 'GET', '/processes/stats', { token: operatorToken })).body.data;
    const before = await stats();
    await app.page.waitForFunction(
      `[...document.querySelectorAll('.stat-cards__card')].some((c) => c.textContent === ${JSON.stringify(`Pendentes${before.pendente.toLocaleString('pt-BR')}`)})`,
      { timeout: 10_000 },
    );
    await app.page.evaluate('window.__semgiNoReload = true');
    // A change no process event announces (an import, say): only the worker's push tells the page.
    await server.dataSource.query(
      `UPDATE processes SET status = 'cancelado'
        WHERE id = (SELECT id FROM processes WHERE status = 'pendente' AND NOT confidential LIMIT 1)`,
    );
    await worker.get(DashboardPublisherService).recompute();
    const after = await stats();
    expect(after.pendente).toBe(before.pendente - 1);
    await app.page.waitForFunction(
      `[...document.querySelectorAll('.stat-cards__card')].some((c) => c.textContent === ${JSON.stringify(`Pendentes${after.pendente.toLocaleString('pt-BR')}`)})`,
      { timeout: 10_000 },
    );
    expect(await pendingCard()).toBe(`Pendentes${after.pendente.toLocaleString('pt-BR')}`);
    expect(await app.page.evaluate('window.__semgiNoReload')).toBe(true);
  });
});
