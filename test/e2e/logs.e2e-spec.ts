import type { INestApplicationContext } from '@nestjs/common';
import type { Page } from 'puppeteer-core';
import { seedAuditRows } from '#test/factories/audit';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { startWorker } from '#test/setup/app';
import { quietPeriod } from '#test/setup/eventually';
import { chooseOption, clickButton, fillField, loginThroughUi, typeDay, useBrowserSuite } from '#test/setup/browser';

/** Picks `option` in the react-aria Select labelled `label`. */
async function pickOption(page: Page, label: string, option: string): Promise<void> {
  const trigger = await page.waitForSelector(
    `::-p-xpath(//*[contains(@class,"field__label") and normalize-space()="${label}"]/following-sibling::button)`,
  );
  if (!trigger) throw new Error(`seleção "${label}" não encontrada`);
  await trigger.click();
  await chooseOption(page, option);
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as unknown as { innerText: string }).innerText);

describe('logs screen in the browser', () => {
  const suite = useBrowserSuite();
  let worker: INestApplicationContext;

  beforeAll(async () => {
    worker = await startWorker();
    await createUser(suite.server.dataSource, { username: 'auditora', name: 'Clara Auditora', role: 'admin' });
    await createUser(suite.server.dataSource, { username: 'operador.comum', name: 'Otto Operador' });
    await seedAuditRows(suite.server.dataSource, 6000, { days: 20 });
  });
  afterAll(() => worker.close());

  it('an admin filters, opens the details and the statistics, and exports CSV with progress', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'auditora', TEST_PASSWORD);
    await suite.app.goto('/logs');
    await suite.app.waitForText('Logs do Sistema', 'h1');
    await suite.app.waitForText('Página 1 de', '.log-pager');

    // The end date may not precede the start date.
    await typeDay(page, 'Período de', '10032026');
    await typeDay(page, 'Até', '01032026');
    await suite.app.waitForText('A data final não pode ser anterior à data inicial.');
    expect(await page.$eval('.log-filters button[type="submit"]', (el) => el.hasAttribute('disabled'))).toBe(true);
    await clickButton(page, 'Limpar Filtros');
    await page.waitForFunction(`!document.body.innerText.includes('A data final não pode ser anterior')`);

    await pickOption(page, 'Ação', 'Login');
    await fillField(page, 'Nome de Usuário', 'maria');
    await clickButton(page, 'Buscar');
    const [{ count }]: { count: string }[] = await suite.server.dataSource.query(
      `SELECT count(*) FROM audit_logs WHERE action = 'login' AND lower(username) LIKE 'maria%'`,
    );
    const total = Number(count).toLocaleString('pt-BR');
    await suite.app.waitForText(`de ${total} registros`, '.log-pager');
    expect(await text(page, '.log-pager')).toContain(`Mostrando ${Math.min(50, Number(count))} de ${total} registros`);
    const actions = await page.$$eval('table tbody tr td:nth-child(2)', (cells) => cells.map((c) => c.textContent));
    expect(new Set(actions)).toEqual(new Set(['Login']));
    expect(await page.$$eval('table .badge', (badges) => badges.length)).toBeGreaterThan(0);

    // Details: technical details as JSON, missing facts as 'Não informado'.
    await page.click('table tbody tr:first-child ::-p-aria([role="button"])');
    await suite.app.waitForText('Detalhes do Log', '[role="dialog"]');
    await suite.app.waitForText('"nested"', '.log-details__json');
    await clickButton(page, 'Fechar');
    await page.waitForSelector('[role="dialog"]', { hidden: true });

    // Statistics: five bar charts.
    await clickButton(page, 'Estatísticas');
    await suite.app.waitForText('Usuários Mais Ativos', '[role="dialog"]');
    await page.waitForFunction(`document.querySelectorAll('[role="dialog"] .log-stats canvas').length === 5`);
    await clickButton(page, 'Fechar');
    await page.waitForSelector('[role="dialog"]', { hidden: true });

    // Export: the progress bar follows the worker, then the file comes down with the session's token.
    await clickButton(page, 'Limpar Filtros');
    await page.evaluate(`
      window.__progress = [];
      new MutationObserver(() => {
        const label = document.querySelector('.log-export__label');
        if (label) window.__progress.push(label.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    `);
    const downloaded = page.waitForResponse((res) => /\/api\/logs\/export\/[0-9a-f-]+\/download$/.test(res.url()), {
      timeout: 30_000,
    });
    await clickButton(page, 'Exportar CSV');
    await page.waitForSelector('[role="progressbar"]');
    const response = await downloaded;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    // One toast per export: the notification's.
    const done = 'Exportação concluída: O arquivo CSV dos logs está pronto para download.';
    await suite.app.waitForText(done);
    await quietPeriod(500);
    const toasts = (await page.$$eval('.toast', (nodes) => nodes.map((n) => n.textContent ?? ''))) as string[];
    expect(toasts.filter((t) => t.includes('Exportação concluída'))).toHaveLength(1);
    await page.waitForSelector('[role="progressbar"]', { hidden: true });
    const progress = (await page.evaluate('window.__progress')) as string[];
    expect(progress.some((label) => /Exportando CSV… [\d.]+ de [\d.]+ registros/.test(label))).toBe(true);
  });

  it('redirects an operator to the dashboard', async () => {
    await loginThroughUi(suite.app, 'operador.comum', TEST_PASSWORD);
    await suite.app.goto('/logs');
    await suite.app.waitForRoute('/dashboard');
  });
});
