import { clickButton, fillField, loginThroughUi, useBrowserSuite } from '#test/setup/browser';

/** Browser journey of docs/sessions.md#login: first login with the temporary password, forced change, login again. */
describe('session in the browser', () => {
  const suite = useBrowserSuite();

  it('sends a visitor without a session to /login', async () => {
    await suite.app.goto('/processes');
    await suite.app.waitForRoute('/login');
    await suite.app.waitForText('Sistema de Gestão Municipal', 'h1');
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    await suite.app.goto('/login');
    await clickButton(suite.app.page, 'Entrar');
    await suite.app.waitForText('Informe o usuário.');
    await suite.app.waitForText('Informe a senha.');

    await fillField(suite.app.page, 'Usuário', 'admin');
    await fillField(suite.app.page, 'Senha', 'senha-errada');
    await clickButton(suite.app.page, 'Entrar');
    await suite.app.waitForText('Usuário ou senha inválidos.', '[role="alert"]');
    expect(suite.app.route()).toBe('/login');
    expect(await suite.app.storedToken()).toBeNull();
  });

  it('calls the API on its own origin when served on a private address and a port other than 3005', async () => {
    const apiCalls: string[] = [];
    suite.app.page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push(request.url());
    });
    await suite.app.goto('/login');
    const origin = new URL(suite.app.page.url()).origin;
    expect(new URL(origin).port).not.toBe('3005');
    expect(new URL(origin).hostname).toBe('127.0.0.1');
    await fillField(suite.app.page, 'Usuário', 'admin');
    await fillField(suite.app.page, 'Senha', 'senha-errada');
    await clickButton(suite.app.page, 'Entrar');
    // The server's own message proves the call reached it (no 'Não foi possível conectar').
    await suite.app.waitForText('Usuário ou senha inválidos.', '[role="alert"]');
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const url of apiCalls) expect(url.startsWith(`${origin}/api/`)).toBe(true);
  });

  it('forces the temporary password to be changed, then signs in with the new one', async () => {
    await loginThroughUi(suite.app, 'admin', 'admin-inicial', '/change-password');
    expect(await suite.app.storedToken()).toBeTruthy();
    // A protected page is not reachable before the change.
    await suite.app.goto('/dashboard');
    await suite.app.waitForRoute('/change-password');

    await fillField(suite.app.page, 'Senha atual', 'admin-inicial');
    await fillField(suite.app.page, 'Nova senha', '12345');
    await fillField(suite.app.page, 'Confirmar nova senha', '12345');
    await clickButton(suite.app.page, 'Alterar Senha');
    await suite.app.waitForText('A nova senha deve ter pelo menos 6 caracteres.');

    await fillField(suite.app.page, 'Nova senha', 'Prefeitura#2025');
    await fillField(suite.app.page, 'Confirmar nova senha', 'Prefeitura#2024');
    await clickButton(suite.app.page, 'Alterar Senha');
    await suite.app.waitForText('As senhas não coincidem.');

    await fillField(suite.app.page, 'Senha atual', 'nao-e-a-atual');
    await fillField(suite.app.page, 'Confirmar nova senha', 'Prefeitura#2025');
    await clickButton(suite.app.page, 'Alterar Senha');
    await suite.app.waitForText('Senha atual incorreta.', '[role="alert"]');

    await fillField(suite.app.page, 'Senha atual', 'admin-inicial');
    await clickButton(suite.app.page, 'Alterar Senha');
    await suite.app.waitForRoute('/login');
    expect(suite.app.dialogs).toEqual(['Senha alterada com sucesso! Faça login novamente com sua nova senha.']);
    expect(await suite.app.storedToken()).toBeNull();

    await loginThroughUi(suite.app, 'admin', 'Prefeitura#2025');
    await suite.app.waitForText('Olá, Administrador', 'h1');
    await suite.app.waitForText('Administrador do Sistema', '.sidebar');
    await suite.app.waitForText('Usuários', '.sidebar');

    // The session survives a reload (GET /auth/me with the stored token).
    await suite.app.page.reload({ waitUntil: 'domcontentloaded' });
    await suite.app.waitForText('Olá, Administrador', 'h1');

    // Unknown paths redirect to / and then to /dashboard.
    await suite.app.goto('/nao-existe');
    await suite.app.waitForRoute('/dashboard');
  });
});
