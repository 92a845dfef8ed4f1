import { login } from '#test/setup/app';
import { useBrowserSuite } from '#test/setup/browser';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api } from '#test/setup/app';
import { showTheme, THEMES } from '#test/setup/main-screens';
import type { ProcessView } from '#server/contracts/processes';

/** docs/processes.md#receipts-and-tracking: the citizen's page at phone size, without an account. */
describe('public tracking page (/semgi/consulta)', () => {
  const suite = useBrowserSuite();
  let process: ProcessView;

  beforeAll(async () => {
    await createUser(suite.server.dataSource, { username: 'balcao', department: 'Administração' });
    await createUser(suite.server.dataSource, { username: 'obras', department: 'Infraestrutura' });
    const atendente = await login(suite.server.url, 'balcao', TEST_PASSWORD);
    process = await createProcessViaApi(suite.server.url, atendente.token, {
      subject: 'Buraco na Rua das Palmeiras',
      description: 'Descrição interna que o cidadão não vê.',
      isNewRequester: true,
      requester: { name: 'Rita Moradora', document: '529.982.247-25', phone: '(11) 95555-0000' },
    });
  });

  it('shows the movement after a forward, typed with the keyboard at 390 px, light and dark', async () => {
    const obras = await login(suite.server.url, 'obras', TEST_PASSWORD);
    const forwarded = await api(suite.server.url, 'POST', `/processes/${pid(process.id)}/forward`, {
      token: obras.token,
      body: { destinationDepartment: 'Jurídico', comment: 'Parecer interno sobre a obra' },
    });
    expect(forwarded.status).toBe(200);
    const { page } = suite.app;
    await page.setViewport({ width: 390, height: 844 });
    await suite.app.goto('/consulta');
    await page.waitForSelector('h1');
    // Keyboard only: the first field, Tab to the next, Enter submits.
    await page.focus('input');
    await page.keyboard.type(process.id);
    await page.keyboard.press('Tab');
    await page.keyboard.type(process.accessCode!.toLowerCase());
    await page.keyboard.press('Enter');
    await suite.app.waitForText('Movimentações');
    const text = (await page.evaluate(`document.querySelector('main').innerText`)) as string;
    expect(text).toContain('Buraco na Rua das Palmeiras');
    expect(text).toContain('Em andamento');
    expect(text).toMatch(/Jurídico\s+\d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('de Infraestrutura');
    for (const hidden of ['Descrição interna', 'Parecer interno', 'Rita', 'balcao', 'obras']) {
      expect(text).not.toContain(hidden);
    }
    for (const theme of THEMES) {
      await showTheme(page, theme);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    }
  });

  it('opens filled in from the receipt QR code and answers a wrong code with the one neutral message', async () => {
    const { page } = suite.app;
    await page.setViewport({ width: 390, height: 844 });
    const query = (code: string) => new URLSearchParams({ numero: process.id, codigo: code }).toString();
    await suite.app.goto(`/consulta?${query(process.accessCode!)}`);
    await suite.app.waitForText('Movimentações');
    expect(await page.$eval('input', (input) => (input as unknown as { value: string }).value)).toBe(process.id);
    await suite.app.goto(`/consulta?${query('0000-0000-0000-0000')}`);
    await suite.app.waitForText('Processo não encontrado ou código de acesso inválido.');
  });
});
