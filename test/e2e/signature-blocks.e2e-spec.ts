import type { Browser } from 'puppeteer-core';
import type { DocumentView } from '#server/contracts/documents';
import { DocumentSignatureEntity } from '#server/database/entities/index';
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

const DOCUMENTS = 20;

/** docs/documents.md#signature-blocks: a secretary signs a day's 20 acts with one password, in Chromium. */
describe('signature blocks in the browser', () => {
  const { server } = useServerSuite();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    await createUser(server.dataSource, {
      username: 'sonia.secretaria',
      name: 'Sônia Secretária',
      department: 'Administração',
      level: 'Chefia',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a 20-document block and signs it with one password, each document shown signed', async () => {
    const session = await login(server.url, 'sonia.secretaria', TEST_PASSWORD);
    const ids: string[] = [];
    for (let i = 1; i <= DOCUMENTS; i++) {
      const res = await api<DocumentView>(server.url, 'POST', '/documents', {
        token: session.token,
        body: { title: `Portaria ${String(i).padStart(2, '0')}/2026`, content: `Art. 1º Ato número ${i}.` },
      });
      ids.push(res.body.id);
    }

    const app = await openAppPage(browser, server.url);
    await loginThroughUi(app, 'sonia.secretaria', TEST_PASSWORD);
    await app.page.click('::-p-aria([name="Blocos de assinatura"][role="link"])');
    await app.waitForText('Blocos de assinatura', 'h1');
    await app.waitForText('Nenhum bloco de assinatura');

    await clickButton(app.page, 'Novo bloco');
    await clickButton(app.page, 'Criar bloco');
    await app.waitForText('Informe o nome do bloco de assinatura.', '[role="dialog"]');
    await fillField(app.page, 'Nome do bloco', 'Atos do dia');
    await fillField(app.page, 'Buscar documentos', 'Portaria');
    // The search answers as the user types; on a CI machine shared by two test files, 15 s was once too short.
    // Ticking starts once the list answers 'Portaria' (the unfiltered list shows the same titles first).
    await app.waitForText('Portaria 20/2026', '[aria-label="Documentos encontrados"][aria-busy="false"]', 30_000);
    for (let i = 1; i <= DOCUMENTS; i++) {
      const title = `Portaria ${String(i).padStart(2, '0')}/2026`;
      // A locator waits until the row is there and still, then clicks it.
      await app.page.locator(`[aria-label="Documentos encontrados"] ::-p-text(${title})`).click();
    }
    await app.waitForText(`${DOCUMENTS} documentos selecionados`, '[role="dialog"]');
    await clickButton(app.page, 'Criar bloco');
    await app.waitForText('Informe ao menos um signatário.', '[role="dialog"]');
    await openSelect(app.page, '[role="dialog"]', 'Adicionar signatário');
    await chooseOption(app.page, 'Sônia Secretária — Administração');
    await clickButton(app.page, 'Criar bloco');

    await app.page.waitForFunction(`/^\\/semgi\\/signature-blocks\\/[0-9a-f-]{36}$/.test(window.location.pathname)`);
    await app.waitForText('Atos do dia', 'h1');
    await app.waitForText(`0 de ${DOCUMENTS} documentos assinados`);

    await clickButton(app.page, 'Assinar todos');
    await app.waitForText(`${DOCUMENTS} documentos aguardam a sua assinatura.`, '[role="dialog"]');
    await fillField(app.page, 'Sua senha', 'senha-errada');
    await clickButton(app.page, 'Assinar');
    await app.waitForText('Senha incorreta.', '[role="dialog"]');
    await fillField(app.page, 'Sua senha', TEST_PASSWORD);
    await clickButton(app.page, 'Assinar');
    await app.waitForText(
      `Assinatura em bloco concluída: ${DOCUMENTS} documento(s) assinado(s).`,
      '[role="dialog"]',
      60_000,
    );
    const results = (await app.page.evaluate(
      `Array.from(document.querySelectorAll('[aria-label="Resultado por documento"] li')).map((li) => li.innerText)`,
    )) as string[];
    expect(results).toHaveLength(DOCUMENTS);
    expect(results.every((text) => text.startsWith('Assinado'))).toBe(true);
    await clickButton(app.page, 'Fechar');

    await app.waitForText(`${DOCUMENTS} de ${DOCUMENTS} documentos assinados`);
    await app.waitForText('Concluído', 'h1 + p');
    expect(await app.page.$('::-p-aria([name="Assinar todos"][role="button"])')).toBeNull();
    for (const id of ids) {
      expect(await server.dataSource.getRepository(DocumentSignatureEntity).countBy({ documentId: id })).toBe(1);
    }
    await app.page.close();
  });
});
