import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import sharp from 'sharp';
import { api, login } from '#test/setup/app';
import { chooseOption, clickButton, fillField, loginThroughUi, useBrowserSuite } from '#test/setup/browser';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

/** Picks `option` in the react-aria Select labelled `label`. */
async function pickOption(page: Page, label: string, option: string): Promise<void> {
  const trigger = await page.waitForSelector(
    `::-p-xpath(//*[contains(@class,"field__label") and normalize-space()="${label}"]/following-sibling::button)`,
  );
  if (!trigger) throw new Error(`seleção "${label}" não encontrada`);
  await trigger.click();
  await chooseOption(page, option);
}

/** Opens the actions menu of a users-table row (its trigger is named after the user) and lists its entries. */
async function openRowMenu(page: Page, row: string, name: string): Promise<(string | null)[]> {
  await page.click(`${row} ::-p-aria([name="Ações de ${name}"][role="button"])`);
  await page.waitForSelector('[role="menu"]');
  return page.$$eval('[role="menu"] [role="menuitem"]', (els) => els.map((el) => el.textContent));
}

/** Picks `action` in the actions menu of a users-table row. */
async function rowAction(page: Page, row: string, name: string, action: string): Promise<void> {
  await openRowMenu(page, row, name);
  await page.click(`[role="menu"] ::-p-aria([name="${action}"][role="menuitem"])`);
}

const dataTheme = (page: Page) => page.evaluate(`document.documentElement.getAttribute('data-theme')`);

/** Onboarding in the browser: the admin creates an account, the new user signs in and sets a dark theme. */
describe('people in the browser', () => {
  const suite = useBrowserSuite();

  beforeAll(async () => {
    await createUser(suite.server.dataSource, { username: 'gestora', name: 'Helena Gestora', role: 'admin' });
  });

  beforeEach(async () => {
    await suite.app.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  });

  it('admin creates a user who signs in with the temporary password, changes it and picks the dark theme', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'gestora', TEST_PASSWORD);
    await suite.app.goto('/users');
    await suite.app.waitForText('Gestão de Usuários', 'h1');
    await suite.app.waitForText('Helena Gestora', 'table');

    await clickButton(page, 'Adicionar Usuário');
    await suite.app.waitForText('Adicionar Usuário', '[role="dialog"]');
    // Required fields first: the spec's message.
    await clickButton(page, 'Adicionar');
    await suite.app.waitForText('Por favor, preencha todos os campos obrigatórios.', '[role="dialog"]');

    await fillField(page, 'Nome completo', 'Joana da Conceição Prado');
    await fillField(page, 'E-mail', 'joana.prado@prefeitura.test');
    // Leaving the name filled the username with the suggestion.
    expect(await page.$eval('input[name="username"]', (el) => (el as unknown as { value: string }).value)).toBe(
      'joana.prado',
    );
    await pickOption(page, 'Departamento', 'Financeiro');
    await clickButton(page, 'Adicionar');

    await suite.app.waitForText('Usuário Criado com Sucesso', '[role="dialog"]');
    const username = await page.$eval('[data-testid="credentials-username"]', (el) => el.textContent);
    const tempPassword = await page.$eval('[data-testid="credentials-password"]', (el) => el.textContent);
    expect(username).toBe('joana.prado');
    expect(tempPassword).toMatch(/^\S{12}$/);
    const [stored] = await suite.server.dataSource.query(
      `SELECT password_hash FROM users WHERE username = 'joana.prado'`,
    );
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    // Shown once: closed, it is gone from the page, and a reload does not bring it back.
    await page.click('.dialog__footer button');
    await page.waitForSelector('[role="dialog"]', { hidden: true });
    await suite.app.waitForText('joana.prado', 'table');
    expect(await page.evaluate('document.body.innerText')).not.toContain(tempPassword);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await suite.app.waitForText('joana.prado', 'table');
    expect(await page.evaluate('document.body.innerText')).not.toContain(tempPassword);

    // The new user signs in and must replace the temporary password.
    await page.evaluate('localStorage.clear()');
    await loginThroughUi(suite.app, 'joana.prado', tempPassword, '/change-password');
    await suite.app.waitForText('Você está usando uma senha temporária.');
    await fillField(page, 'Senha atual', tempPassword);
    await fillField(page, 'Nova senha', 'Joana#Prado2026');
    await fillField(page, 'Confirmar nova senha', 'Joana#Prado2026');
    await clickButton(page, 'Alterar Senha');
    await suite.app.waitForRoute('/login');
    await loginThroughUi(suite.app, 'joana.prado', 'Joana#Prado2026');
    expect(await dataTheme(page)).toBe('light');
    // Opened by a user whose password is not temporary, the page does not claim it is.
    await suite.app.goto('/change-password');
    await suite.app.waitForText('Alteração de senha');
    expect(await page.evaluate('document.body.innerText')).not.toContain('senha temporária');

    // Preferências: the theme applies at once, is saved, and is applied again at the next start.
    await suite.app.goto('/settings');
    await suite.app.waitForText('Configurações', 'h1');
    const tab = await page.waitForSelector('::-p-aria([name="Preferências"][role="tab"])');
    await tab!.click();
    await pickOption(page, 'Tema', 'Escuro');
    expect(await dataTheme(page)).toBe('dark');
    await clickButton(page, 'Salvar Preferências');
    await suite.app.waitForText('Preferências atualizadas com sucesso!');
    const [row] = await suite.server.dataSource.query(`SELECT preferences FROM users WHERE username = 'joana.prado'`);
    expect(row.preferences).toEqual({ theme: 'dark', notifications: { email: true, system: true } });

    await suite.app.goto('/dashboard');
    await suite.app.waitForRoute('/dashboard');
    expect(await dataTheme(page)).toBe('dark');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await suite.app.waitForText('Joana', '.sidebar');
    expect(await dataTheme(page)).toBe('dark');
    const background = await page.evaluate(`getComputedStyle(document.documentElement).getPropertyValue('--color-bg')`);
    expect(String(background).trim()).toBe('#0f1520');
  });

  it('enforces the row rules, manages departments and edits the profile with an avatar', async () => {
    const { page } = suite.app;
    const colleague = await createUser(suite.server.dataSource, { username: 'colega', name: 'Carlos Colega' });
    await loginThroughUi(suite.app, 'gestora', TEST_PASSWORD);
    await suite.app.goto('/users');
    await suite.app.waitForText('Carlos Colega', 'table');

    // Own row: no delete, and deactivating oneself is blocked by the spec's alert.
    const ownRow = 'tr[data-username="gestora"]';
    const ownActions = await openRowMenu(page, ownRow, 'Helena Gestora');
    expect(ownActions).toContain('Desativar');
    expect(ownActions).not.toContain('Excluir');
    await page.click('[role="menu"] ::-p-aria([name="Desativar"][role="menuitem"])');
    await page.waitForFunction(`document.querySelectorAll('[role="dialog"]').length === 0`);
    expect(suite.app.dialogs).toContain('Você não pode desativar sua própria conta.');

    // Another row: deactivate (styled apart), reset (credentials again), then delete with confirmation.
    const row = 'tr[data-username="colega"]';
    await rowAction(page, row, 'Carlos Colega', 'Desativar');
    // Confirmed first, then said.
    await suite.app.waitForText('Carlos Colega', '[role="alertdialog"]');
    expect(await page.$(`${row}.people-table__row--inactive`)).toBeNull();
    await clickButton(page, 'Desativar');
    await suite.app.waitForText('Usuário desativado com sucesso.', '.toast-region');
    await page.waitForSelector(`${row}.people-table__row--inactive`);
    await suite.app.waitForText('Inativo', row);
    const [status] = await suite.server.dataSource.query('SELECT status FROM users WHERE id = $1', [colleague.id]);
    expect(status.status).toBe('inactive');

    await rowAction(page, row, 'Carlos Colega', 'Redefinir senha');
    await suite.app.waitForText('Usuário Criado com Sucesso', '[role="dialog"]');
    await page.click('.dialog__footer button');
    await page.waitForSelector('[role="dialog"]', { hidden: true });

    await rowAction(page, row, 'Carlos Colega', 'Excluir');
    await suite.app.waitForText('Confirmar Exclusão', '[role="alertdialog"]');
    await page.click('[role="alertdialog"] .btn--danger');
    await page.waitForSelector(row, { hidden: true });
    expect(await suite.server.dataSource.query('SELECT id FROM users WHERE id = $1', [colleague.id])).toEqual([]);

    // Departments: required name, create, edit, delete with the spec's confirmation text.
    await suite.app.goto('/departments');
    await suite.app.waitForText('Gabinete', 'table');
    await clickButton(page, 'Novo Departamento');
    await suite.app.waitForText('Novo Departamento', '[role="dialog"]');
    await clickButton(page, 'Salvar');
    await suite.app.waitForText('Nome do departamento é obrigatório', '[role="dialog"]');
    await fillField(page, 'Nome', 'Meio Ambiente');
    await clickButton(page, 'Salvar');
    await suite.app.waitForText('Meio Ambiente', 'table');
    const deptRow = '::-p-xpath(//tr[td[1][normalize-space()="Meio Ambiente"]])';
    await suite.app.waitForText('-', 'table');
    const editButton = await page.waitForSelector(`${deptRow} ::-p-aria([name="Editar"][role="button"])`);
    await editButton!.click();
    await suite.app.waitForText('Editar Departamento', '[role="dialog"]');
    await fillField(page, 'Descrição', 'Licenças ambientais');
    await clickButton(page, 'Atualizar');
    await suite.app.waitForText('Licenças ambientais', 'table');
    const deleteButton = await page.waitForSelector(`${deptRow} ::-p-aria([name="Excluir"][role="button"])`);
    await deleteButton!.click();
    await suite.app.waitForText('Tem certeza que deseja excluir este departamento?', '[role="alertdialog"]');
    await page.click('[role="alertdialog"] .btn--danger');
    await page.waitForFunction(`!document.querySelector('table').innerText.includes('Meio Ambiente')`);
    // A department in use cannot go: the confirmation closes and the page shows the server's reason.
    await page.waitForSelector('[role="alertdialog"]', { hidden: true });
    const usedRow = '::-p-xpath(//tr[td[1][normalize-space()="Administração"]])';
    const usedDelete = await page.waitForSelector(`${usedRow} ::-p-aria([name="Excluir"][role="button"])`);
    await usedDelete!.click();
    await suite.app.waitForText('Tem certeza que deseja excluir este departamento?', '[role="alertdialog"]');
    await page.click('[role="alertdialog"] .btn--danger');
    await page.waitForSelector('[role="alertdialog"]', { hidden: true });
    await suite.app.waitForText('Este departamento está em uso', '.error-banner');
    await suite.app.waitForText('Administração', 'table');

    // Profile: initials, edit mode, avatar refused when not an image, then uploaded.
    await suite.app.goto('/profile');
    await suite.app.waitForText('HG', '.avatar-picker');
    await suite.app.waitForText('Alterar', '.profile__fields');
    await clickButton(page, 'Editar Perfil');
    await fillField(page, 'Nome de exibição (opcional)', 'Helena');
    await clickButton(page, 'Salvar Alterações');
    await suite.app.waitForText('Perfil atualizado com sucesso!');
    await suite.app.waitForText('Helena', '.profile__display-name');

    const input = await page.$('[data-testid="avatar-input"]');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    const dir = resolve(process.env.STORAGE_DIR!, '..', 'e2e');
    await mkdir(dir, { recursive: true });
    await writeFile(`${dir}/foto.png`, png);
    await writeFile(`${dir}/nota.txt`, 'não é imagem');
    await input!.uploadFile(`${dir}/nota.txt`);
    await suite.app.waitForText('O arquivo selecionado não é uma imagem válida.', '[role="alert"]');
    await input!.uploadFile(`${dir}/foto.png`);
    await suite.app.waitForText('Avatar atualizado com sucesso!');
    await page.waitForFunction(
      `(() => { const img = document.querySelector('.avatar-picker img'); return img && img.complete && img.naturalWidth === 256; })()`,
    );
  });

  it('an administrator change reaches an open browser at once: promotion shows, deactivation signs out', async () => {
    const { page } = suite.app;
    const admin = await login(suite.server.url, 'gestora', TEST_PASSWORD);
    const member = await createUser(suite.server.dataSource, { username: 'sergio.aberto', name: 'Sérgio Aberto' });
    await loginThroughUi(suite.app, 'sergio.aberto', TEST_PASSWORD);
    await suite.app.waitForText('Conectado em tempo real');
    expect(await page.$eval('.sidebar', (el) => el.textContent)).not.toContain('Usuários');

    const promoted = await api(suite.server.url, 'PUT', `/users/${member.id}`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    await suite.app.waitForText('Usuários', '.sidebar');

    const deactivated = await api(suite.server.url, 'PATCH', `/users/${member.id}/status`, {
      token: admin.token,
      body: { status: 'inactive' },
    });
    expect(deactivated.status).toBe(200);
    await suite.app.waitForRoute('/login', 10_000);
    expect(await suite.app.storedToken()).toBeNull();
  });
});
