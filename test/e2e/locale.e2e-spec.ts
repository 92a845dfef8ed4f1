import { createUser, TEST_PASSWORD } from '#test/factories/users';
import {
  BROWSER_LANGUAGE,
  clickButton,
  daySegments,
  loginThroughUi,
  typeDay,
  useBrowserSuite,
} from '#test/setup/browser';

/**
 * An en-US browser (`--lang=en-US`, en-US Accept-Language) still reads and shows dates as
 * dd/mm/aaaa: the process deadline's date and the report and purchase-order filters.
 */
describe('dates in pt-BR whatever the browser', () => {
  const suite = useBrowserSuite();

  beforeAll(async () => {
    await createUser(suite.server.dataSource, { username: 'datas.admin', name: 'Dora Datas', role: 'admin' });
  });

  it('shows and takes dd/mm/aaaa in the deadline date and the filters', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'datas.admin', TEST_PASSWORD);
    expect(await page.evaluate('navigator.language')).toBe(BROWSER_LANGUAGE);

    await suite.app.goto('/processes');
    await clickButton(page, 'Novo Processo');
    await suite.app.waitForText('Novo Processo', '[role="dialog"]');
    // Below the fold of the dialog, under its sticky footer, where a click would land on the footer:
    // chosen with the keyboard instead.
    await (await page.waitForSelector('::-p-aria([name="Até uma data"][role="radio"])'))!.focus();
    await page.keyboard.press('Space');
    await typeDay(page, 'Data do prazo', '25122027');
    const due = await daySegments(page, 'Data do prazo');
    expect(due.map((s) => s.text)).toEqual(['25', '12', '2027']);
    expect(due.map((s) => s.name.split(',')[0])).toEqual(['dia', 'mês', 'ano']);
    await clickButton(page, 'Cancelar');

    for (const [route, label] of [
      ['/reports', 'Data inicial'],
      ['/purchase-orders', 'Data final'],
    ]) {
      await suite.app.goto(route);
      await typeDay(page, label, '03072026');
      expect((await daySegments(page, label)).map((s) => s.text)).toEqual(['03', '07', '2026']);
    }
  });
});
