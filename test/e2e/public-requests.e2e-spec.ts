import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { SMALL_PDF } from '#test/factories/public-requests';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { pid } from '#test/factories/processes';
import { api, login } from '#test/setup/app';
import { clickButton, fillField, launchBrowser, loginThroughUi, openAppPage } from '#test/setup/browser';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

/** docs/processes.md#online-filing: a citizen files on a phone; the staff of 'Protocolo' see it live. */
describe('online filing page (/semgi/solicitar)', () => {
  const smtp = new TestSmtpServer();
  let browser: Browser;
  let dir: string;
  // Declared before the server's hooks, so the browser closes (its pages' connections with it) first.
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-solicitar-'));
  });
  afterAll(async () => {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  });
  const { server } = useServerSuite({ worker: true, ...smtpSuite(smtp) });

  it('files at 390 px with a PDF, shows number and code, and the request reaches Protocolo live', async () => {
    await server.dataSource.query(`INSERT INTO departments (name) VALUES ('Protocolo') ON CONFLICT DO NOTHING`);
    await createUser(server.dataSource, { username: 'recepcao', department: 'Protocolo' });
    const staff = await openAppPage(await browser.createBrowserContext(), server.url);
    await loginThroughUi(staff, 'recepcao', TEST_PASSWORD);
    await staff.goto('/processes');
    await staff.page.waitForSelector('h1');

    const citizen = await openAppPage(await browser.createBrowserContext(), server.url);
    const { page } = citizen;
    await page.setViewport({ width: 390, height: 844 });
    await citizen.goto('/solicitar');
    await citizen.waitForText('Seus dados pessoais (LGPD)');
    const email = 'maria@cidade.test';
    await fillField(page, 'Nome completo', 'Maria Munícipe');
    await fillField(page, 'CPF', '52998224725');
    await fillField(page, 'E-mail', email);
    await clickButton(page, 'Enviar código para o e-mail');
    await eventually(() => smtp.to(email).length === 1, 'o e-mail com o código');
    const code = /código de confirmação é: (\d{6})/.exec(smtp.to(email)[0].text)![1];
    await fillField(page, 'Código de confirmação', code);
    await fillField(page, 'Assunto', 'Poda de árvore na praça');
    await fillField(page, 'Descrição', 'A árvore da Praça Central está com galhos sobre a calçada.');
    const pdf = path.join(dir, 'foto-da-arvore.pdf');
    await writeFile(pdf, SMALL_PDF);
    const input = await page.$('input[type="file"]');
    await input!.uploadFile(pdf);
    await citizen.waitForText('foto-da-arvore.pdf');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await clickButton(page, 'Enviar solicitação');
    await citizen.waitForText('Solicitação registrada', 'body', 30_000);
    const facts = (await page.$$eval('dd', (cells) => cells.map((cell) => cell.textContent ?? ''))) as string[];
    const [number, accessCode] = facts;
    expect(number).toMatch(/^\d{5}\.\d{6}\/\d{4}-\d{2}$/);
    expect(accessCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // The staff's list shows it without a reload (socket invalidation); Protocolo forwards it.
    await staff.waitForText('Poda de árvore na praça');
    const recepcao = await login(server.url, 'recepcao', TEST_PASSWORD);
    const forwarded = await api(server.url, 'POST', `/processes/${pid(number)}/forward`, {
      token: recepcao.token,
      body: { destinationDepartment: 'Jurídico', comment: 'Parecer interno' },
    });
    expect(forwarded.status).toBe(200);

    // The citizen's tracking page shows the movement, and nothing internal.
    await (await page.waitForSelector('::-p-aria([name="Acompanhar o processo"][role="link"])'))!.click();
    await citizen.waitForText('Movimentações');
    expect(citizen.route()).toBe('/consulta');
    const tracked = (await page.evaluate(`document.querySelector('main').innerText`)) as string;
    expect(tracked).toMatch(/Jurídico\s+\d{2}\/\d{2}\/\d{4}/);
    for (const hidden of ['Parecer interno', 'recepcao', 'galhos sobre a calçada'])
      expect(tracked).not.toContain(hidden);
    for (const app of [staff, citizen]) expect(app.cspViolations).toEqual([]);
  });
});
