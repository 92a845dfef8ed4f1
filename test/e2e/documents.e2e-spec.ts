import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { loadEnv } from '#server/config/env';
import { DocumentEntity, StoredFileEntity } from '#server/database/entities/index';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { useServerSuite } from '#test/setup/server-suite';
import { clickButton, fillField, launchBrowser, loginThroughUi, openAppPage } from '#test/setup/browser';

/** docs/documents.md#viewer /documents, signing panel and /verify-signature, end to end in Chromium. */
describe('documents in the browser', () => {
  const { server } = useServerSuite();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    await createUser(server.dataSource, { username: 'maria.silva', name: 'Maria Silva', department: 'Administração' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a text document, signs it with the password, and a visitor without session sees it valid', async () => {
    const app = await openAppPage(browser, server.url);
    await loginThroughUi(app, 'maria.silva', TEST_PASSWORD);
    await app.goto('/documents');
    await app.waitForText('Gestão de Documentos', 'h1');

    await clickButton(app.page, 'Criar Documento');
    await clickButton(app.page, 'Salvar');
    await app.waitForText('Por favor, informe um título para o documento.');
    await fillField(app.page, 'Título', 'Ofício 45/2026');
    await fillField(app.page, 'Conteúdo', 'Encaminhamos o relatório mensal de atividades.');
    await clickButton(app.page, 'Salvar');
    await app.waitForText('Documento criado com sucesso!');
    // The new document is selected and shown as text.
    await app.waitForText('Encaminhamos o relatório mensal de atividades.', '[data-testid="document-text"]');

    await clickButton(app.page, 'Assinar');
    await app.waitForText('Decreto nº 10.543/2020', '[role="dialog"]');
    await clickButton(app.page, 'Assinar');
    await app.waitForText('Por favor, informe sua senha para continuar.', '[role="dialog"]');
    await fillField(app.page, 'Sua senha', 'senha-errada');
    await clickButton(app.page, 'Assinar');
    await app.waitForText('Senha incorreta.', '[role="dialog"]');
    await fillField(app.page, 'Sua senha', TEST_PASSWORD);
    await clickButton(app.page, 'Assinar');
    await app.waitForText('Documento assinado com sucesso!');
    await app.waitForText('Assinado', '.document-details__badges');
    // A signed document has no 'Assinar' button.
    expect(await app.page.$('::-p-aria([name="Assinar"][role="button"])')).toBeNull();

    const link = await app.page.$eval('a.document-details__verify', (a) => a.getAttribute('href'));
    expect(link).toMatch(/\/semgi\/verify-signature\?documentId=[0-9a-f-]{36}&code=[\w-]{22,}$/);
    await app.page.close();

    // A citizen: fresh browser context, no token, no cookies.
    const context = await browser.createBrowserContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto(link, { waitUntil: 'domcontentloaded' });
      await visitor.waitForFunction(`document.body.innerText.includes('Assinatura válida')`);
      const text = (await visitor.evaluate('document.body.innerText')) as string;
      expect(text).toContain('Ofício 45/2026');
      expect(text).toContain('Maria Silva');
      expect(text).toContain('Administração');
      expect(text).toContain('Assinaturas concluídas');
      expect(text).toContain('Baixar PDF assinado');
      expect(text).toContain('Baixar arquivo original');
      expect(await visitor.evaluate(`localStorage.getItem('token')`)).toBeNull();

      // The stored file changes behind the application's back: the same link now says invalid.
      const doc = await server.dataSource.getRepository(DocumentEntity).findOneByOrFail({ title: 'Ofício 45/2026' });
      const file = await server.dataSource.getRepository(StoredFileEntity).findOneByOrFail({ id: doc.fileId });
      const stored = path.resolve(loadEnv().STORAGE_DIR, 'files', file.storedName);
      await writeFile(stored, `${await readFile(stored, 'utf8')} (alterado)`);
      await visitor.reload({ waitUntil: 'domcontentloaded' });
      await visitor.waitForFunction(`document.body.innerText.includes('Assinatura inválida ou não encontrada')`);
    } finally {
      await context.close();
    }
  });

  it('uploads a PDF and signs it with an A1 certificate whose subject, issuer and validity the panel shows', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'semgi-e2e-cert-'));
    try {
      const p12 = path.join(dir, 'maria.p12');
      await writeFile(p12, issueDemoA1(createDemoCa(), { name: 'Maria Silva', password: '1234' }));
      const pdf = await PDFDocument.create();
      pdf.addPage().drawText('Parecer 3', { x: 50, y: 700, font: await pdf.embedFont(StandardFonts.Helvetica) });
      const pdfPath = path.join(dir, 'Parecer 3.pdf');
      await writeFile(pdfPath, await pdf.save());

      const app = await openAppPage(browser, server.url);
      await loginThroughUi(app, 'maria.silva', TEST_PASSWORD);
      await app.goto('/documents');
      await clickButton(app.page, 'Enviar Arquivo');
      const fileInput = await app.page.waitForSelector('[role="dialog"] input[type="file"]');
      await fileInput!.uploadFile(pdfPath);
      await clickButton(app.page, 'Enviar');
      await app.waitForText('Arquivo enviado com sucesso!');
      await app.page.waitForSelector('iframe.document-viewer__frame');

      await clickButton(app.page, 'Assinar');
      await app.page.click('::-p-aria([name="Certificado digital"][role="radio"])');
      await clickButton(app.page, 'Assinar');
      await app.waitForText('Por favor, selecione um certificado digital.', '[role="dialog"]');
      const certInput = await app.page.waitForSelector('[role="dialog"] input[type="file"]');
      await certInput!.uploadFile(p12);
      await fillField(app.page, 'Senha do certificado', '1234');
      await clickButton(app.page, 'Ler certificado');
      await app.waitForText('CN=Maria Silva', '[aria-label="Certificado selecionado"]');
      await app.waitForText('NAO E ICP-Brasil', '[aria-label="Certificado selecionado"]');
      await clickButton(app.page, 'Assinar');
      await app.waitForText('Documento assinado com sucesso!');
      await app.waitForText('Assinatura qualificada (certificado digital)', '.signature-list');
      // The PDF viewer and the signing panel ran under the app's CSP without anything blocked.
      expect(app.cspViolations).toEqual([]);
      await app.page.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
