import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import { loadEnv } from '#server/config/env';
import { DocumentEntity, StoredFileEntity } from '#server/database/entities/index';
import { minimalDocx } from '#test/factories/template-render';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { startWorker } from '#test/setup/app';
import { chooseOption, clickButton, fillField, loginThroughUi, openSelect, useBrowserSuite } from '#test/setup/browser';

/** Whether the first image matching `selector` has loaded (a protected upload needs the token). */
const imageLoaded = (selector: string) =>
  `(() => { const img = document.querySelector(${JSON.stringify(selector)}); return !!img && img.complete && img.naturalWidth > 0; })()`;

/**
 * docs/templates.md end to end: an employee designs a letterhead template with a logo and an image, uses
 * it for a document, sees the rendered PDF in the viewer and signs it.
 */
describe('templates in the browser', () => {
  const suite = useBrowserSuite();
  let dir: string;
  // The worker renders the PDF (and fills the DOCX) of a document made from a template.
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    worker = await startWorker();
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-templates-e2e-'));
    await writeFile(
      path.join(dir, 'brasao.png'),
      await sharp({ create: { width: 240, height: 120, channels: 3, background: '#003366' } })
        .png()
        .toBuffer(),
    );
    await writeFile(
      path.join(dir, 'mapa.png'),
      await sharp({ create: { width: 400, height: 200, channels: 3, background: '#22aa66' } })
        .png()
        .toBuffer(),
    );
    await writeFile(
      path.join(dir, 'base.docx'),
      minimalDocx(['{{numero}} — {{titulo}}', 'Data: {{data}}', '{{conteudo}}', 'Assina: {{usuario}}']),
    );
    await createUser(suite.server.dataSource, {
      username: 'carla.template',
      name: 'Carla Mendes',
      department: 'Administração',
    });
  });
  afterAll(async () => {
    await worker?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a template with a logo and an image, uses it for a document, sees the PDF and signs it', async () => {
    const { app } = suite;
    const { page } = app;
    await loginThroughUi(app, 'carla.template', TEST_PASSWORD);
    await app.goto('/templates');
    await app.waitForText('Templates', 'h1');
    await app.waitForText('Nenhum template encontrado.');

    // --- The template editor ---
    await clickButton(page, 'Criar Template');
    await app.waitForText('Novo Template', 'h1');
    // Title and content are required (docs/templates.md#validation).
    await clickButton(page, 'Salvar Template');
    await app.waitForText('O título do template é obrigatório.');
    await app.waitForText('O conteúdo do template é obrigatório.');

    await fillField(page, 'Título', 'Ofício com brasão');
    await openSelect(page, '.template-form', 'Categoria');
    await chooseOption(page, 'Ofício');
    // docx and hybrid reveal the DOCX base and the organisational header.
    expect(await page.$('[data-testid="logo-input"]')).toBeNull();
    await openSelect(page, '.template-form', 'Formato do documento');
    await chooseOption(page, 'Híbrido (HTML + DOCX)');
    const docxInput = await page.waitForSelector('[data-testid="docx-input"]');
    await docxInput!.uploadFile(path.join(dir, 'base.docx'));
    await app.waitForText('Trocar documento base');

    await fillField(page, 'Nome da organização', 'Prefeitura Municipal de Itu');
    await fillField(page, 'Telefone', '(11) 4000-1234');
    const logoInput = await page.$('[data-testid="logo-input"]');
    await logoInput!.uploadFile(path.join(dir, 'brasao.png'));
    // The 60 px preview loads the protected file (token in the query), and the header preview shows it.
    await page.waitForFunction(imageLoaded('.logo-field__preview'));
    expect(await page.evaluate(`getComputedStyle(document.querySelector('.logo-field__preview')).maxHeight`)).toBe(
      '60px',
    );
    await app.waitForText('Prefeitura Municipal de Itu', '[data-testid="header-preview"]');
    await page.waitForFunction(imageLoaded('[data-testid="header-preview"] img'));

    // Margins: step 0.1 cm.
    await fillField(page, 'Margem superior (cm)', '3,2');

    // Content: text with placeholders, then an image (size and alignment asked).
    await page.click('.rich-editor__content');
    await page.keyboard.type('Ofício {{numero}} de {{data}}. Setor: {{departamento}}. Responsável: {{usuario}}.');
    const imageInput = await page.$('[data-testid="template-image-input"]');
    await imageInput!.uploadFile(path.join(dir, 'mapa.png'));
    await app.waitForText('Tamanho', '[role="dialog"]');
    await page.click('::-p-text(Grande (80%))');
    await page.click('::-p-text(Direita)');
    await clickButton(page, 'Inserir');
    await page.waitForFunction(imageLoaded('.rich-editor__content img[src*="/uploads/"]'));
    expect(
      await page.evaluate(`document.querySelector('.rich-editor__content img[src*="/uploads/"]').style.width`),
    ).toBe('80%');
    // The live preview shows the page with the header and the image.
    await app.waitForText('Prefeitura Municipal de Itu', '[data-testid="page-preview"]');
    await page.waitForFunction(imageLoaded('[data-testid="page-preview"] .page-preview__content img'));

    await clickButton(page, 'Salvar Template');
    await app.waitForText('Template criado com sucesso!');
    await app.waitForText('Ofício com brasão', '.template-card');
    const badges = (await page.evaluate(`document.querySelector('.template-card__badges').innerText`)) as string;
    expect(badges).toContain('HYBRID');
    expect(badges).toContain('Prefeitura Municipal...');

    // What was stored: our image by its path under the API, sized and aligned, never the token.
    type StoredTemplate = {
      content: string;
      formatting: { margins: { top: number } };
      organization: { logo: string | null };
    };
    const [stored] = await suite.server.dataSource.query<StoredTemplate[]>(
      'SELECT content, formatting, organization FROM templates',
    );
    const image = /<p style="text-align: ?right;?">(<img [^>]*>)<\/p>/.exec(stored.content)?.[1];
    expect(image).toMatch(/ src="\/uploads\/[\w-]+\.png"/);
    expect(image).toMatch(/ style="width: ?80%;?"/);
    expect(stored.content).not.toContain('token');
    expect(stored.formatting.margins.top).toBe(3.2);
    expect(stored.organization.logo).toMatch(/\.png$/);

    // --- A document from the template ---
    await page.click('::-p-aria([name="Usar Template"][role="link"])');
    await page.waitForFunction(
      `location.pathname === '/semgi/documents/new' && location.search.startsWith('?templateId=')`,
    );
    await page.waitForFunction(imageLoaded('.rich-editor__content img[src*="/uploads/"]'));
    await app.waitForText('{{numero}}', '.rich-editor__content');
    await app.waitForText('{{departamento}}', '[data-testid="placeholder-hint"]');
    await fillField(page, 'Título', 'Ofício 12/2026');
    // The save toast of the template sits over the form's buttons for a few seconds.
    await page.waitForFunction(`!document.querySelector('.toast')`);
    await clickButton(page, 'Criar Documento');
    await app.waitForText('Documento criado com sucesso!', 'body', 60_000);
    await page.waitForFunction(`/^\\/semgi\\/documents\\/[0-9a-f-]{36}$/.test(location.pathname)`);
    await app.waitForText('Ofício 12/2026', '.document-details__title');

    // The viewer shows the rendered PDF.
    const frame = await page.waitForSelector('iframe.document-viewer__frame');
    const src = (await frame!.evaluate((el) => el.getAttribute('src'))) as string;
    const reply = await page.evaluate(
      `fetch(${JSON.stringify(src)}).then(async (r) => ({ status: r.status, type: r.headers.get('content-type') }))`,
    );
    expect(reply).toEqual({ status: 200, type: expect.stringContaining('application/pdf') });

    // The PDF holds the header and the filled placeholders.
    const doc = await suite.server.dataSource
      .getRepository(DocumentEntity)
      .findOneByOrFail({ title: 'Ofício 12/2026' });
    const file = await suite.server.dataSource.getRepository(StoredFileEntity).findOneByOrFail({ id: doc.fileId });
    const pdfPath = path.resolve(loadEnv().STORAGE_DIR, 'files', file.storedName);
    const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // The logo of the header and the content's image are both in it (two header lines, then one per image).
    const images = execFileSync('pdfimages', ['-list', pdfPath], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images.filter((line) => / image /.test(line)).length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Prefeitura Municipal de Itu');
    expect(text).toContain(`Ofício ${doc.protocolNumber} de`);
    expect(text).toContain('Setor: Administração');
    expect(text).toContain('Responsável: Carla Mendes');
    expect(text).not.toContain('{{');

    // A hybrid template also gives the filled DOCX.
    const docx = await page.waitForSelector('::-p-aria([name="Baixar DOCX"])');
    const docxHref = (await docx!.evaluate((a) => a.getAttribute('href'))) as string;
    expect(docxHref).toMatch(/\/api\/documents\/[0-9a-f-]{36}\/docx\?token=/);
    // The link itself downloads the filled Word file (the browser sends no Authorization header).
    const docxReply = await page.evaluate(
      `fetch(${JSON.stringify(docxHref)}).then((r) => ({ status: r.status, type: r.headers.get('content-type') }))`,
    );
    expect(docxReply).toEqual({ status: 200, type: expect.stringContaining('wordprocessingml') });

    // --- Signing (simple, password) ---
    await clickButton(page, 'Assinar');
    await app.waitForText('Decreto nº 10.543/2020', '[role="dialog"]');
    await fillField(page, 'Sua senha', TEST_PASSWORD);
    await clickButton(page, 'Assinar');
    await app.waitForText('Documento assinado com sucesso!');
    await app.waitForText('Assinado', '.document-details__badges');
    await app.waitForText('Carla Mendes', '.document-details__section');
  });
});
