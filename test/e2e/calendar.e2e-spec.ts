import { chooseOption, clickButton, fillField, loginThroughUi, typeDay, useBrowserSuite } from '#test/setup/browser';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

/** Calendário in the browser (docs/deadlines.md#calendar-screen): the year's days, adding and deleting one. */
describe('calendar screen in the browser', () => {
  const suite = useBrowserSuite();
  // A year the selector offers whatever today is: the next one.
  const year = new Date().getFullYear() + 1;
  // Its first Wednesday of August (no holiday near it): the day added, and the Tuesday before.
  const day = [1, 2, 3, 4, 5, 6, 7].find((d) => new Date(Date.UTC(year, 7, d)).getUTCDay() === 3)!;
  const iso = (d: number) => `${year}-08-${String(d).padStart(2, '0')}`;
  const typed = `${String(day).padStart(2, '0')}08${year}`;
  const shown = `${String(day).padStart(2, '0')}/08/${year}`;
  const row = (name: string) => `::-p-xpath(//tr[.//td[normalize-space()="${name}"]])`;

  beforeAll(async () => {
    await createUser(suite.server.dataSource, { username: 'cal.gestora', name: 'Helena Gestora', role: 'admin' });
    await createUser(suite.server.dataSource, { username: 'cal.assessor', department: 'Gabinete' });
  });

  it('an admin picks a year, adds a ponto facultativo with the form checked, sees it counted and deletes it', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'cal.gestora', TEST_PASSWORD);
    await page.click('.sidebar__nav ::-p-aria([name="Calendário"])');
    await suite.app.waitForRoute('/calendar');
    await suite.app.waitForText('Calendário', 'h1');
    expect(await page.title()).toBe('Calendário — SEMGI');

    await page.click(
      '::-p-xpath(//*[contains(@class,"field__label") and normalize-space()="Ano"]/following-sibling::button)',
    );
    await chooseOption(page, String(year));
    await suite.app.waitForText(`25/12/${year}`, 'table');
    await page.waitForSelector(`${row('Natal')} ::-p-text(Feriado nacional)`);
    await page.waitForSelector(`${row('Natal')} ::-p-text(Calculado)`);
    expect(await page.$(`${row('Natal')} button`)).toBeNull();

    await clickButton(page, 'Adicionar dia');
    await suite.app.waitForText('Adicionar dia sem expediente', '[role="dialog"]');
    await clickButton(page, 'Salvar');
    await suite.app.waitForText('Informe a data do feriado ou ponto facultativo.', '[role="dialog"]');
    await typeDay(page, 'Data', typed);
    await clickButton(page, 'Salvar');
    await suite.app.waitForText('Informe o nome do feriado ou ponto facultativo.', '[role="dialog"]');
    await fillField(page, 'Nome', 'Aniversário da Cidade');
    await page.click(
      '[role="dialog"] ::-p-xpath(.//*[contains(@class,"field__label") and normalize-space()="Tipo"]/following-sibling::button)',
    );
    await chooseOption(page, 'Ponto facultativo');
    await clickButton(page, 'Salvar');
    await page.waitForSelector('[role="dialog"]', { hidden: true });
    await page.waitForSelector(`${row('Aniversário da Cidade')} ::-p-text(Ponto facultativo)`);
    await page.waitForSelector(`${row('Aniversário da Cidade')} ::-p-text(quarta-feira)`);

    // The very deadline computation now skips the day.
    const token = await suite.app.storedToken();
    const due = await fetch(`${suite.server.url}/api/calendar/deadline?from=${iso(day - 1)}&days=1&unit=business`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((res) => res.json());
    expect(due).toEqual({ due: iso(day + 1) });

    // The same date again: the server's 409 in the modal.
    await clickButton(page, 'Adicionar dia');
    await typeDay(page, 'Data', typed);
    await fillField(page, 'Nome', 'Outra festa');
    await clickButton(page, 'Salvar');
    await suite.app.waitForText(`${shown} já é um dia sem expediente no calendário`, '[role="dialog"]');
    await clickButton(page, 'Cancelar');
    await page.waitForSelector('[role="dialog"]', { hidden: true });

    await page.click(`${row('Aniversário da Cidade')} ::-p-aria([name="Excluir"][role="button"])`);
    await suite.app.waitForText('Tem certeza que deseja excluir Aniversário da Cidade', '[role="alertdialog"]');
    await page.click('[role="alertdialog"] ::-p-aria([name="Excluir"][role="button"])');
    await page.waitForSelector(row('Aniversário da Cidade'), { hidden: true });
  });

  it('is for administrators only: Gabinete neither sees the entry nor opens the page', async () => {
    await loginThroughUi(suite.app, 'cal.assessor', TEST_PASSWORD);
    const entries = await suite.app.page.$$eval('.sidebar__nav a', (links) => links.map((link) => link.textContent));
    expect(entries).not.toContain('Calendário');
    await suite.app.goto('/calendar');
    await suite.app.waitForRoute('/dashboard');
  });
});
