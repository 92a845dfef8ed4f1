import type { Browser, Page } from 'puppeteer-core';
import { DEADLINE_MESSAGES } from '#server/contracts/deadlines';
import type { ProcessView } from '#server/contracts/processes';
import { addDays } from '#server/domain/calendar/calendar-days';
import { Clock } from '#server/domain/clock';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import {
  chooseOption,
  clickButton,
  fillField,
  launchBrowser,
  loginThroughUi,
  openAppPage,
  openSelect,
} from '#test/setup/browser';
import { useServerSuite } from '#test/setup/server-suite';

/** '2026-12-04' → '04/12/2026'. */
const shownDay = (day: string) => day.split('-').reverse().join('/');

/** Clicks the open dialog's button `name` (the page may show a button of the same name behind it). */
async function clickInDialog(page: Page, name: string): Promise<void> {
  await page.click(`[role="dialog"] ::-p-aria([name="${name}"][role="button"])`);
}

/** The texts and names of the deadline badges on the page. */
async function badges(page: Page): Promise<{ text: string; name: string }[]> {
  return (await page.evaluate(
    `Array.from(document.querySelectorAll('.deadline-badge')).map((b) => ({ text: b.textContent, name: b.getAttribute('aria-label') }))`,
  )) as { text: string; name: string }[];
}

/**
 * Deadlines in the browser (docs/deadlines.md#process-deadlines, #on-the-processes-screens): A
 * forwards a process to B's department with a 'Retorno programado', both see it on the details page;
 * the server's and the worker's clock move past the due day (no sleeps): the badge reads 'Vencido…',
 * and the list's 'Vencidos' filter shows the process while 'Sem prazo' does not.
 */
describe('deadlines in the browser', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    await createUser(server.dataSource, { username: 'gil.gab', name: 'Gil Gabinete', department: 'Gabinete' });
    await createUser(server.dataSource, { username: 'ana.fin', name: 'Ana Finanças', department: 'Financeiro' });
    await createUser(server.dataSource, { username: 'bruno.infra', name: 'Bruno Infra', department: 'Infraestrutura' });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await browser?.close();
  });

  /** A signed-in page of `username` in a browser context of its own. */
  const signIn = async (username: string) => {
    const app = await openAppPage(await browser.createBrowserContext(), server.url);
    await loginThroughUi(app, username, TEST_PASSWORD);
    return app;
  };

  it('a return deadline asked on a forward is seen on both sides, then overdue in the badge and the list filter', async () => {
    const gil = await login(server.url, 'gil.gab', TEST_PASSWORD);
    const created = await createProcessViaApi(server.url, gil.token, {
      subject: 'Parecer sobre reajuste de contrato',
      destinationDepartment: 'Financeiro',
    });
    const details = `/process-details/${pid(created.id)}`;

    // A (Financeiro) forwards it to Infraestrutura with 'Retorno programado' of 5 dias úteis.
    const a = await signIn('ana.fin');
    await a.goto(details);
    await a.waitForText('Parecer sobre reajuste de contrato');
    await a.waitForText('Nenhum prazo definido para este processo.', '.deadlines-panel');
    await clickButton(a.page, 'Encaminhar');
    await a.waitForText('Retorno programado', '[role="dialog"]');
    await openSelect(a.page, '[role="dialog"]', 'Departamento de destino');
    await chooseOption(a.page, 'Infraestrutura');
    await fillField(a.page, 'Comentário', 'Solicito parecer técnico.');
    await a.page.click('[role="dialog"] .deadline-fields ::-p-text(Em dias)');
    // Asked in days with none typed: the contract's message, nothing sent.
    await clickInDialog(a.page, 'Encaminhar');
    await a.waitForText(DEADLINE_MESSAGES.daysInvalid, '[role="dialog"]');
    await fillField(a.page, 'Dias', '5');
    await openSelect(a.page, '[role="dialog"]', 'Contagem');
    await chooseOption(a.page, 'dias úteis');
    await a.page.keyboard.press('Tab');
    await a.waitForText('O setor de destino deverá devolver o processo até', '[role="dialog"]');
    const hint = await a.page.$eval('[role="dialog"] .deadline-fields__hint', (el) => el.textContent);
    await clickInDialog(a.page, 'Encaminhar');
    await a.waitForText('Processo encaminhado com sucesso!');

    const reply = await api<ProcessView>(server.url, 'GET', `/processes/${pid(created.id)}`, { token: gil.token });
    const shown = reply.body.deadline;
    expect(shown).toMatchObject({ kind: 'return', unit: 'business', state: expect.stringMatching(/on-time|due-soon/) });
    const due = shown!.due;
    // The hint showed the day the server then recorded.
    expect(hint).toBe(`O setor de destino deverá devolver o processo até ${shownDay(due)}.`);
    expect(reply.body.deadlines[0]).toMatchObject({
      days: 5,
      fromDepartment: 'Financeiro',
      toDepartment: 'Infraestrutura',
    });

    // Both sides see it: the badge at the top and the 'Prazos' panel.
    const b = await signIn('bruno.infra');
    for (const app of [a, b]) {
      await app.goto(details);
      await app.waitForText('Retorno programado', '.deadlines-panel');
      await app.waitForText('Financeiro → Infraestrutura', '.deadlines-panel');
      await app.waitForText(shownDay(due), '.deadlines-panel');
      const [top] = await badges(app.page);
      expect(top.name).toBe(`Prazo: ${shownDay(due)} (${top.text})`);
      expect(top.text).not.toMatch(/Vencido/);
    }
    // B's department holds it: B may act on its deadlines; A no longer may.
    await b.page.waitForSelector('::-p-aria([name="Prorrogar"][role="button"])');
    expect(await a.page.$('::-p-aria([name="Prorrogar"][role="button"])')).toBeNull();

    // The clocks of the server and the worker move to three days after the due day: no sleeps.
    const later = new Date(`${addDays(due, 3)}T15:00:00Z`);
    for (const clock of [server.app.get(Clock), worker.get(Clock)]) jest.spyOn(clock, 'now').mockReturnValue(later);

    await b.page.reload({ waitUntil: 'domcontentloaded' });
    await b.waitForText('Vencido', '.process-details__header');
    const [overdue] = await badges(b.page);
    expect(overdue.text).toMatch(/^Vencido/);
    expect(overdue.name).toBe(`Prazo: ${shownDay(due)} (${overdue.text})`);
    expect(await b.page.$eval('.process-details__header .deadline-badge', (el) => el.className)).toContain(
      'badge--danger',
    );

    // The list: 'Vencidos' shows it (and writes ?deadline=overdue); 'Sem prazo' does not.
    await b.goto('/processes');
    await b.waitForText(created.id, 'main');
    await openSelect(b.page, '.process-filters', 'Prazo');
    await chooseOption(b.page, 'Vencidos');
    await b.page.waitForFunction(`new URLSearchParams(location.search).get('deadline') === 'overdue'`);
    await b.waitForText(created.id, 'main');
    await b.page.waitForSelector(`.process-table ::-p-aria([name="Prazo: ${shownDay(due)} (${overdue.text})"])`);

    await b.goto('/processes?deadline=none');
    await b.waitForText('Nenhum processo encontrado com os filtros aplicados.', 'main');
    expect(
      await b.page.evaluate(`document.querySelector('main').innerText.includes(${JSON.stringify(created.id)})`),
    ).toBe(false);
  });

  it("sets, extends, suspends and resumes a process deadline from the 'Prazos' panel, refusing bad input in pt-BR", async () => {
    jest.restoreAllMocks();
    const gil = await login(server.url, 'gil.gab', TEST_PASSWORD);
    const created = await createProcessViaApi(server.url, gil.token, {
      subject: 'Pedido de acesso à informação (LAI)',
      destinationDepartment: 'Financeiro',
    });
    const details = `/process-details/${pid(created.id)}`;

    // Gabinete no longer holds it: no deadline action is offered there.
    const outsider = await signIn('gil.gab');
    await outsider.goto(details);
    await outsider.waitForText('Nenhum prazo definido para este processo.', '.deadlines-panel');
    expect(await outsider.page.$('::-p-aria([name="Ações de prazo"])')).toBeNull();

    const a = await signIn('ana.fin');
    await a.goto(details);
    await a.waitForText('Nenhum prazo definido para este processo.', '.deadlines-panel');
    await clickButton(a.page, 'Definir prazo');
    await a.waitForText('Prazo do processo', '[role="dialog"]');
    await clickInDialog(a.page, 'Definir prazo');
    await a.waitForText(DEADLINE_MESSAGES.daysInvalid, '[role="dialog"]');
    await fillField(a.page, 'Dias', '20');
    await a.page.keyboard.press('Tab');
    await a.waitForText('O prazo vencerá em', '[role="dialog"]');
    await clickInDialog(a.page, 'Definir prazo');
    await a.waitForText(DEADLINE_MESSAGES.set);
    await a.waitForText('20 dias corridos', '.deadlines-panel');
    await a.waitForText('0 de 1', '.deadlines-panel');
    await a.page.waitForSelector('.process-details__header .deadline-badge');

    // Prorrogar: the dialog says what is left and refuses more than that before sending.
    await clickButton(a.page, 'Prorrogar');
    await a.waitForText('Restam 1 prorrogação e 10 dias de prorrogação.', '[role="dialog"]');
    await fillField(a.page, 'Dias corridos a acrescentar', '11');
    await fillField(a.page, 'Justificativa', 'Volume de documentos a reunir.');
    await clickInDialog(a.page, 'Prorrogar');
    await a.waitForText(DEADLINE_MESSAGES.extensionTooLong(10), '[role="dialog"]');
    await fillField(a.page, 'Dias corridos a acrescentar', '10');
    await clickInDialog(a.page, 'Prorrogar');
    await a.waitForText(DEADLINE_MESSAGES.extended);
    await a.waitForText('1 de 1', '.deadlines-panel');
    await a.waitForText('10 de 10 dias', '.deadlines-panel');
    // Used up: no more 'Prorrogar' (the server refuses it too).
    await a.page.waitForSelector('.deadlines-panel ::-p-aria([name="Prorrogar"][role="button"])', { hidden: true });
    const refused = await api<{ message: string }>(server.url, 'POST', `/processes/${pid(created.id)}/extend`, {
      token: (await login(server.url, 'ana.fin', TEST_PASSWORD)).token,
      body: { days: 1, justification: 'Mais uma vez.' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(DEADLINE_MESSAGES.extensionsExhausted(1));

    // Sobrestar needs a reason; the badge then reads 'Sobrestado' until 'Retomar'.
    await clickButton(a.page, 'Sobrestar');
    await clickInDialog(a.page, 'Sobrestar');
    await a.waitForText(DEADLINE_MESSAGES.reasonRequired, '[role="dialog"]');
    await fillField(a.page, 'Motivo', 'Aguardando parecer jurídico.');
    await clickInDialog(a.page, 'Sobrestar');
    await a.waitForText('Sobrestado: Aguardando parecer jurídico.', '.deadlines-panel');
    await a.waitForText('Sobrestado', '.process-details__header');
    await a.page.waitForSelector('[role="dialog"]', { hidden: true });
    // The toasts of the earlier actions lie over the panel's buttons: closed first.
    await a.page.$$eval('.toast button', (buttons) => buttons.forEach((b) => (b as { click: () => void }).click()));
    await a.page.waitForSelector('.toast', { hidden: true });
    await clickButton(a.page, 'Retomar');
    await a.waitForText('Os prazos sobrestados voltam a correr', '[role="dialog"]');
    await clickInDialog(a.page, 'Retomar');
    await a.page.waitForFunction(
      `!document.querySelector('.process-details__header .deadline-badge').textContent.includes('Sobrestado')`,
    );
    await a.waitForText('Em curso', '.deadlines-panel');
  });
});
