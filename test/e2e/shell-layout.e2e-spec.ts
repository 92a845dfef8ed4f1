import type { Browser } from 'puppeteer-core';
import { startServer, type RunningServer } from '#test/setup/app';
import { clickButton, launchBrowser, loginThroughUi, openAppPage, type AppPage } from '#test/setup/browser';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

jest.setTimeout(60_000);

const ADMIN_ENTRIES = ['Usuários', 'Departamentos', 'Integração', 'Logs do Sistema'];
const COMMON_ENTRIES = ['Dashboard', 'Processos', 'Pedidos', 'Documentos', 'Relatórios', 'Templates'];

/** Spec 1 §2 Layout: entries by role/department, user menu, live connection, the 768 px overlay. */
describe('application shell in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let app: AppPage;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    app = await openAppPage(browser, server.url);
  });

  afterEach(async () => {
    await app.page.close();
  });

  const sidebarEntries = () =>
    app.page.$$eval('.sidebar__nav a', (links) => links.map((link) => link.textContent?.trim() ?? '')) as Promise<
      string[]
    >;

  it('hides the administrative entries from an operator outside Gabinete', async () => {
    await createUser(server.dataSource, { username: 'joana', name: 'Joana Prado', department: 'Financeiro' });
    await loginThroughUi(app, 'joana', TEST_PASSWORD);
    await app.waitForText('Olá, Joana', 'h1');
    expect(await sidebarEntries()).toEqual(COMMON_ENTRIES);
    await app.waitForText('Financeiro', '.sidebar');

    await clickButton(app.page, 'Menu do usuário');
    await app.waitForText('Operador', '[role="menu"]');
    await app.waitForText('Funcionário', '[role="menu"]');
    await app.page.click('::-p-aria([name="Meu Perfil"][role="menuitem"])');
    await app.waitForRoute('/profile');
  });

  it('shows them to an operator of Gabinete, with the live connection up', async () => {
    await createUser(server.dataSource, {
      username: 'carlos',
      name: 'Carlos Lima',
      department: 'Gabinete',
      level: 'Chefia',
    });
    await loginThroughUi(app, 'carlos', TEST_PASSWORD);
    expect(await sidebarEntries()).toEqual([...COMMON_ENTRIES, ...ADMIN_ENTRIES]);
    await app.page.waitForSelector('.connection--connected');

    await app.page.type('::-p-aria(Buscar)', 'licença');
    await app.page.keyboard.press('Enter');
    await app.page.waitForFunction(`location.pathname === '/semgi/processes' && location.search === '?q=licen%C3%A7a'`);
  });

  it('collapses the sidebar into an overlay at 768 px or less', async () => {
    await createUser(server.dataSource, { username: 'rita', name: 'Rita Souza' });
    await app.page.setViewport({ width: 700, height: 900 });
    await loginThroughUi(app, 'rita', TEST_PASSWORD);
    await app.page.waitForSelector('.sidebar--overlay.sidebar--collapsed');
    expect(await app.page.$('.sidebar-overlay')).toBeNull();

    await clickButton(app.page, 'Expandir menu');
    await app.page.waitForSelector('.sidebar--overlay.sidebar--open');
    await clickButton(app.page, 'Fechar menu');
    await app.page.waitForSelector('.sidebar--overlay.sidebar--collapsed');

    await clickButton(app.page, 'Expandir menu');
    await app.page.waitForSelector('.sidebar-overlay');
    await app.page.mouse.click(650, 450); // on the overlay, beside the sidebar
    await app.page.waitForSelector('.sidebar--overlay.sidebar--collapsed');

    // Hidden sidebar: log out from the user menu.
    await clickButton(app.page, 'Menu do usuário');
    await app.page.click('::-p-aria([name="Sair"][role="menuitem"])');
    await app.waitForRoute('/login');
    expect(await app.storedToken()).toBeNull();
  });
});
