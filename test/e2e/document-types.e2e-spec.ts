import { chooseOption, clickButton, fillField, loginThroughUi, openSelect, useBrowserSuite } from '#test/setup/browser';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

/** 'Tipos de documento' and the type of a document in the browser (docs/documents.md#types). */
describe('document types in the browser', () => {
  const suite = useBrowserSuite();
  const row = (name: string) => `::-p-xpath(//tr[.//*[normalize-space()="${name}"]])`;

  beforeAll(async () => {
    await createUser(suite.server.dataSource, { username: 'tipos.gestora', name: 'Helena Gestora', role: 'admin' });
    await createUser(suite.server.dataSource, { username: 'tipos.autor', name: 'Rui Autor', department: 'Jurídico' });
  });

  it('an admin lists the types, creates one with the form checked, meets a duplicate, edits and deactivates it', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'tipos.gestora', TEST_PASSWORD);
    await page.click('.sidebar__nav ::-p-aria([name="Tipos de documento"])');
    await suite.app.waitForRoute('/document-types');
    await suite.app.waitForText('Tipos de documento', 'h1');
    expect(await page.title()).toBe('Tipos de documento — SEMGI');
    await page.waitForSelector(`${row('Contrato')} ::-p-text(Qualificada (ICP-Brasil))`);
    await page.waitForSelector(`${row('Ofício')} ::-p-text(Simples (senha))`);

    await clickButton(page, 'Novo tipo');
    await suite.app.waitForText('Novo tipo de documento', '[role="dialog"]');
    await clickButton(page, 'Salvar');
    await suite.app.waitForText('Informe o nome do tipo de documento.', '[role="dialog"]');
    await fillField(page, 'Nome', 'oficio');
    await clickButton(page, 'Salvar');
    await suite.app.waitForText('Já existe um tipo de documento chamado "Ofício".', '[role="dialog"]');
    await fillField(page, 'Nome', 'Termo de Fomento');
    await openSelect(page, '[role="dialog"]', 'Assinatura mínima');
    await chooseOption(page, 'Qualificada (ICP-Brasil)');
    await clickButton(page, 'Salvar');
    await page.waitForSelector('[role="dialog"]', { hidden: true });
    await page.waitForSelector(`${row('Termo de Fomento')} ::-p-text(Qualificada (ICP-Brasil))`);

    // The toast may cover the last row's buttons: close it first.
    await page.click('.toast-region ::-p-aria([name="Fechar"][role="button"])');
    await page.waitForSelector('.toast__content', { hidden: true });
    await page.click(`${row('Termo de Fomento')} ::-p-aria([name="Editar Termo de Fomento"][role="button"])`);
    await suite.app.waitForText('Editar tipo de documento', '[role="dialog"]');
    await fillField(page, 'Nome', 'Termo de Colaboração');
    await clickButton(page, 'Salvar');
    await page.waitForSelector(row('Termo de Colaboração'));
    await page.click('.toast-region ::-p-aria([name="Fechar"][role="button"])');
    await page.waitForSelector('.toast__content', { hidden: true });

    await page.click(
      `${row('Termo de Colaboração')} ::-p-aria([name="Desativar Termo de Colaboração"][role="button"])`,
    );
    await page.waitForSelector(`${row('Termo de Colaboração')} ::-p-text(Inativo)`);
    await page.waitForSelector(`${row('Termo de Colaboração')} ::-p-aria([name="Reativar Termo de Colaboração"])`);
  });

  it('an author gives a document a type, filters the list by it, and is offered only the qualified signature', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'tipos.autor', TEST_PASSWORD);
    const entries = await page.$$eval('.sidebar__nav a', (links) => links.map((link) => link.textContent));
    expect(entries).not.toContain('Tipos de documento');

    await suite.app.goto('/documents');
    await suite.app.waitForText('Gestão de Documentos', 'h1');
    await clickButton(page, 'Criar Documento');
    await fillField(page, 'Título', 'Contrato 12/2026');
    await openSelect(page, '[role="dialog"]', 'Tipo de documento');
    await chooseOption(page, 'Contrato (assinatura qualificada)');
    await fillField(page, 'Conteúdo', 'Contrato de prestação de serviços de limpeza.');
    await clickButton(page, 'Salvar');
    await suite.app.waitForText('Documento criado com sucesso!');
    await suite.app.waitForText('Contrato', '.document-details__badges');

    await openSelect(page, '.documents-page__list', 'Tipo de documento');
    await chooseOption(page, 'Ofício');
    await suite.app.waitForText('Nenhum documento encontrado', '.documents-page__list');
    await openSelect(page, '.documents-page__list', 'Tipo de documento');
    await chooseOption(page, 'Contrato (assinatura qualificada)');
    await suite.app.waitForText('Contrato 12/2026', '.document-list');

    await clickButton(page, 'Assinar');
    await suite.app.waitForText(
      'Este tipo de documento (Contrato) exige assinatura qualificada com certificado digital ICP-Brasil.',
      '[role="dialog"]',
    );
    const simple = await page.waitForSelector('[role="dialog"] ::-p-aria([name="Assinatura simples"][role="radio"])');
    expect(await simple!.evaluate((el) => el.hasAttribute('disabled'))).toBe(true);
    await page.waitForSelector('[role="dialog"] input[type="file"][accept*=".p12"]');

    // The screen is for admins only, whatever the address.
    await suite.app.goto('/document-types');
    await suite.app.waitForRoute('/dashboard');
  });
});
