import type { Browser } from 'puppeteer-core';
import { startServer, type RunningServer } from '#test/setup/app';
import { clickButton, fillField, launchBrowser, loginThroughUi, openAppPage, type AppPage } from '#test/setup/browser';

// Project-level `testTimeout` in jest.config.js is not applied by Jest 30; set it here.
jest.setTimeout(60_000);

/** Browser journey of spec 1 §2/§4: first login with the temporary password, forced change, login again. */
describe('session in the browser', () => {
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

  it('sends a visitor without a session to /login', async () => {
    await app.goto('/processes');
    await app.waitForRoute('/login');
    await app.waitForText('Sistema de Gestão Municipal', 'h1');
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    await app.goto('/login');
    await clickButton(app.page, 'Entrar');
    await app.waitForText('Informe o usuário.');
    await app.waitForText('Informe a senha.');

    await fillField(app.page, 'Usuário', 'admin');
    await fillField(app.page, 'Senha', 'senha-errada');
    await clickButton(app.page, 'Entrar');
    await app.waitForText('Usuário ou senha inválidos.', '[role="alert"]');
    expect(app.route()).toBe('/login');
    expect(await app.storedToken()).toBeNull();
  });

  it('forces the temporary password to be changed, then signs in with the new one', async () => {
    await loginThroughUi(app, 'admin', 'admin-inicial', '/change-password');
    expect(await app.storedToken()).toBeTruthy();
    // A protected page is not reachable before the change.
    await app.goto('/dashboard');
    await app.waitForRoute('/change-password');

    await fillField(app.page, 'Senha atual', 'admin-inicial');
    await fillField(app.page, 'Nova senha', '12345');
    await fillField(app.page, 'Confirmar nova senha', '12345');
    await clickButton(app.page, 'Alterar Senha');
    await app.waitForText('A nova senha deve ter pelo menos 6 caracteres.');

    await fillField(app.page, 'Nova senha', 'Prefeitura#2025');
    await fillField(app.page, 'Confirmar nova senha', 'Prefeitura#2024');
    await clickButton(app.page, 'Alterar Senha');
    await app.waitForText('As senhas não coincidem.');

    await fillField(app.page, 'Senha atual', 'nao-e-a-atual');
    await fillField(app.page, 'Confirmar nova senha', 'Prefeitura#2025');
    await clickButton(app.page, 'Alterar Senha');
    await app.waitForText('Senha atual incorreta.', '[role="alert"]');

    await fillField(app.page, 'Senha atual', 'admin-inicial');
    await clickButton(app.page, 'Alterar Senha');
    await app.waitForRoute('/login');
    expect(app.dialogs).toEqual(['Senha alterada com sucesso! Faça login novamente com sua nova senha.']);
    expect(await app.storedToken()).toBeNull();

    await loginThroughUi(app, 'admin', 'Prefeitura#2025');
    await app.waitForText('Olá, Administrador', 'h1');
    await app.waitForText('Administrador do Sistema', '.sidebar');
    await app.waitForText('Usuários', '.sidebar');

    // The session survives a reload (GET /auth/me with the stored token).
    await app.page.reload({ waitUntil: 'domcontentloaded' });
    await app.waitForText('Olá, Administrador', 'h1');

    // Unknown paths redirect to / and then to /dashboard.
    await app.goto('/nao-existe');
    await app.waitForRoute('/dashboard');
  });
});
