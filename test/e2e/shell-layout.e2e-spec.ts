import { clickButton, loginThroughUi, useBrowserSuite } from '#test/setup/browser';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

/** Admins and Gabinete; 'Logs do Sistema' only admins (the one screen Gabinete may not open). */
const ADMIN_ENTRIES = ['Usuários', 'Departamentos', 'Integração'];
const COMMON_ENTRIES = [
  'Dashboard',
  'Processos',
  'Pedidos',
  'Documentos',
  'Assinaturas pendentes',
  'Blocos de assinatura',
  'Relatórios',
  'Templates',
];

/** docs/interface.md#layout Layout: entries by role/department, user menu, live connection, the 768 px overlay. */
describe('application shell in the browser', () => {
  const suite = useBrowserSuite();

  const sidebarEntries = () =>
    suite.app.page.$$eval('.sidebar__nav a', (links) => links.map((link) => link.textContent?.trim() ?? '')) as Promise<
      string[]
    >;

  it('hides the administrative entries from an operator outside Gabinete', async () => {
    await createUser(suite.server.dataSource, { username: 'joana', name: 'Joana Prado', department: 'Financeiro' });
    await loginThroughUi(suite.app, 'joana', TEST_PASSWORD);
    await suite.app.waitForText('Olá, Joana', 'h1');
    expect(await sidebarEntries()).toEqual(COMMON_ENTRIES);
    await suite.app.waitForText('Financeiro', '.sidebar');

    await clickButton(suite.app.page, 'Menu do usuário');
    await suite.app.waitForText('Operador', '[role="menu"]');
    await suite.app.waitForText('Funcionário', '[role="menu"]');
    await suite.app.page.click('::-p-aria([name="Meu Perfil"][role="menuitem"])');
    await suite.app.waitForRoute('/profile');
    // Every route has its own tab title; /logs is for administrators only (docs/audit.md#logs-screen).
    expect(await suite.app.page.title()).toBe('Meu Perfil — SEMGI');
    await suite.app.goto('/logs');
    await suite.app.waitForRoute('/dashboard');
    expect(await suite.app.page.title()).toBe('Dashboard — SEMGI');
  });

  it('shows them to an operator of Gabinete, with the live connection up', async () => {
    await createUser(suite.server.dataSource, {
      username: 'carlos',
      name: 'Carlos Lima',
      department: 'Gabinete',
      level: 'Chefia',
    });
    await loginThroughUi(suite.app, 'carlos', TEST_PASSWORD);
    expect(await sidebarEntries()).toEqual([...COMMON_ENTRIES, ...ADMIN_ENTRIES]);
    await suite.app.page.waitForSelector('.connection--connected');

    await suite.app.page.type('::-p-aria(Buscar)', 'licença');
    await suite.app.page.keyboard.press('Enter');
    await suite.app.page.waitForFunction(
      `location.pathname === '/semgi/search' && location.search === '?q=licen%C3%A7a'`,
    );
  });

  it('collapses the sidebar into an overlay at 768 px or less', async () => {
    await createUser(suite.server.dataSource, { username: 'rita', name: 'Rita Souza' });
    await suite.app.page.setViewport({ width: 700, height: 900 });
    await loginThroughUi(suite.app, 'rita', TEST_PASSWORD);
    await suite.app.page.waitForSelector('.sidebar--overlay.sidebar--collapsed');
    expect(await suite.app.page.$('.sidebar-overlay')).toBeNull();

    await clickButton(suite.app.page, 'Expandir menu');
    await suite.app.page.waitForSelector('.sidebar--overlay.sidebar--open');
    await clickButton(suite.app.page, 'Fechar menu');
    await suite.app.page.waitForSelector('.sidebar--overlay.sidebar--collapsed');

    await clickButton(suite.app.page, 'Expandir menu');
    await suite.app.page.waitForSelector('.sidebar-overlay');
    await suite.app.page.mouse.click(650, 450); // on the overlay, beside the sidebar
    await suite.app.page.waitForSelector('.sidebar--overlay.sidebar--collapsed');

    // Crossing the breakpoint brings back that width's default: open beside the page when wide,
    // closed (not a drawer left open over the page) when narrow again.
    await suite.app.page.setViewport({ width: 1366, height: 900 });
    await suite.app.page.waitForSelector('.sidebar--open:not(.sidebar--overlay)');
    await suite.app.page.setViewport({ width: 390, height: 844 });
    await suite.app.page.waitForSelector('.sidebar--overlay.sidebar--collapsed');
    expect(await suite.app.page.$('.sidebar-overlay')).toBeNull();

    // Hidden sidebar: log out from the user menu.
    await clickButton(suite.app.page, 'Menu do usuário');
    await suite.app.page.click('::-p-aria([name="Sair"][role="menuitem"])');
    await suite.app.waitForRoute('/login');
    expect(await suite.app.storedToken()).toBeNull();
  });
});
