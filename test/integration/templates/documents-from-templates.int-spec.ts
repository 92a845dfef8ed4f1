import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadEnv } from '#server/config/env';
import type { DocumentView, SignDocumentResponse } from '#server/contracts/documents';
import { PAGE_SIZE_CM, type TemplateView, type UploadResponse } from '#server/contracts/templates';
import { DocumentEntity, StoredFileEntity } from '#server/database/entities/index';
import { placeholderDate } from '#server/domain/templates/placeholders';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { readDocxText } from '#test/factories/template-files';
import { minimalDocx, TINY_PNG } from '#test/factories/template-render';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);
const CM_TO_PT = 72 / 2.54;
type Session = Awaited<ReturnType<typeof login>>;

/** dd/mm/aaaa of today in the server's TIME_ZONE. */
const today = () => placeholderDate(new Date(), loadEnv().TIME_ZONE);

describe('documents created from templates (server + worker)', () => {
  const { server } = useServerSuite({ worker: true });
  let dir: string;
  let maria: Session; // Administração, Chefia
  let pedro: Session; // Jurídico
  let template: TemplateView;
  let docxTemplate: TemplateView;
  const ca = createDemoCa();
  const p12 = issueDemoA1(ca, { name: 'Maria Souza', password: '1234' });

  const download = async (as: Session, apiPath: string, name: string) => {
    const res = await fetch(`${server.url}/api${apiPath}`, { headers: { authorization: `Bearer ${as.token}` } });
    expect(res.status).toBe(200);
    const file = path.join(dir, name);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    return { file, res };
  };
  const upload = async (as: Session, type: string, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.set('type', type);
    form.set('file', new Blob([bytes]), name);
    const res = await api<UploadResponse>(server.url, 'POST', '/uploads', { token: as.token, body: form });
    expect(res.status).toBe(201);
    return res.body;
  };
  const createDocument = (as: Session, body: Record<string, unknown>) =>
    api<DocumentView & { message?: string }>(server.url, 'POST', '/documents', { token: as.token, body });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-doc-template-'));
    await createUser(server.dataSource, {
      username: 'dt.maria',
      name: 'Maria Souza',
      department: 'Administração',
      level: 'Chefia',
    });
    await createUser(server.dataSource, { username: 'dt.pedro', name: 'Pedro Lima', department: 'Jurídico' });
    maria = await login(server.url, 'dt.maria', TEST_PASSWORD);
    pedro = await login(server.url, 'dt.pedro', TEST_PASSWORD);

    const logo = await upload(maria, 'organization-logo', TINY_PNG, 'brasão.png');
    const organization = {
      logo: logo.filename,
      name: 'Prefeitura Municipal de Exemplo',
      address: 'Praça da Matriz, 1',
      phone: '(11) 3333-4444',
    };
    const created = await api<TemplateView>(server.url, 'POST', '/templates', {
      token: maria.token,
      body: {
        title: 'Ofício padrão',
        category: 'office',
        content: '<h2>Ofício {{numero}}</h2><p>Data: {{data}}</p>',
        organization,
        formatting: { pageSize: 'Letter', margins: { top: 2, bottom: 2, left: 3.5, right: 1.5 } },
      },
    });
    expect(created.status).toBe(201);
    template = created.body;

    const base = await upload(
      maria,
      'template-base',
      minimalDocx([
        'Ofício {{numero}} — {{titulo}}',
        'Emitido em {{data}} por {{usuario}} ({{departamento}})',
        '{{conteudo}}',
      ]),
      'base.docx',
    );
    const hybrid = await api<TemplateView>(server.url, 'POST', '/templates', {
      token: maria.token,
      body: {
        title: 'Memorando híbrido',
        content: '<p>Memorando {{numero}}</p>',
        documentFormat: 'hybrid',
        baseDocument: base.filename,
        organization,
      },
    });
    expect(hybrid.status).toBe(201);
    docxTemplate = hybrid.body;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("renders the template's page size, margins, header and the filled placeholders into the document's PDF", async () => {
    const res = await createDocument(maria, {
      title: 'Ofício 7/2026',
      templateId: template.id,
      content:
        '<h2>Ofício {{numero}}</h2><p>Data: {{data}}</p><p>De: {{usuario}}, {{departamento}} — {{titulo}}</p>' +
        '<p>Campo livre {{desconhecido}}</p><script>alert(1)</script><p onclick="x()">Atenciosamente.</p>',
    });
    expect(res.status).toBe(201);
    const doc = res.body;
    expect(doc).toMatchObject({
      title: 'Ofício 7/2026',
      name: 'Ofício 7-2026.pdf',
      extension: 'pdf',
      mimeType: 'application/pdf',
      editable: false,
      templateId: template.id,
      docxFileName: null,
      status: 'draft',
      department: 'Administração',
    });
    expect(doc.description).toContain(`Ofício ${doc.protocolNumber}`);

    // What was rendered is kept: filled and sanitised.
    const row = await server.dataSource
      .getRepository(DocumentEntity)
      .createQueryBuilder('d')
      .addSelect('d.templateHtml')
      .where('d.id = :id', { id: doc.id })
      .getOneOrFail();
    expect(row.templateHtml).toContain(`<h2>Ofício ${doc.protocolNumber}</h2>`);
    expect(row.templateHtml).toContain('De: Maria Souza, Administração — Ofício 7/2026');
    expect(row.templateHtml).toContain('{{desconhecido}}');
    expect(row.templateHtml).not.toMatch(/script|onclick/);

    const { file } = await download(maria, doc.fileUrl, 'oficio.pdf');
    const { stdout: info } = await run('pdfinfo', [file]);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    expect(Number(size[1])).toBeCloseTo(PAGE_SIZE_CM.Letter.width * CM_TO_PT, 0);
    expect(Number(size[2])).toBeCloseTo(PAGE_SIZE_CM.Letter.height * CM_TO_PT, 0);
    expect(info).toMatch(/Pages:\s+1\b/);

    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const flat = text.replace(/[ \u00a0]+/g, ' ');
    expect(flat).toContain('Prefeitura Municipal de Exemplo');
    expect(flat).toContain(`Ofício ${doc.protocolNumber}`);
    expect(flat).toContain(`Data: ${today()}`);
    expect(flat).toContain('De: Maria Souza, Administração — Ofício 7/2026');
    expect(flat).toContain('Página 1 de 1');
    expect(flat).not.toContain('alert');

    // The body starts at the left margin (3.5 cm) and below the top margin plus the header band.
    const { stdout: bbox } = await run('pdftotext', ['-bbox', file, '-']);
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>Atenciosamente\.<\/word>/.exec(bbox)!;
    expect(Number(word[1])).toBeCloseTo(3.5 * CM_TO_PT, -0.5);
    expect(Number(word[2])).toBeGreaterThan((2 + template.formatting.headerHeight) * CM_TO_PT - 1);

    // Not editable as text afterwards.
    const edit = await api(server.url, 'PATCH', `/documents/${doc.id}`, {
      token: maria.token,
      body: { title: 'Outro', content: 'texto' },
    });
    expect(edit.status).toBe(400);
    // No DOCX for an html template.
    expect((await api(server.url, 'GET', `/documents/${doc.id}/docx`, { token: maria.token })).status).toBe(404);
  });

  it('fills the DOCX base of a hybrid template, downloadable by whoever sees the document', async () => {
    const res = await createDocument(maria, {
      title: 'Memorando 3',
      templateId: docxTemplate.id,
      content: '<p>Memorando {{numero}}</p><p>Solicito material de escritório.</p>',
      departmentAccess: ['Jurídico'],
    });
    expect(res.status).toBe(201);
    const doc = res.body;
    expect(doc.docxFileName).toMatch(/^[0-9a-f-]{36}\.docx$/);
    expect(doc.extension).toBe('pdf');

    const { file, res: reply } = await download(maria, `/documents/${doc.id}/docx`, 'memorando.docx');
    expect(reply.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment;/);
    const paragraphs = readDocxText(await readFile(file));
    expect(paragraphs[0]).toBe(`Ofício ${doc.protocolNumber} — Memorando 3`);
    expect(paragraphs[1]).toBe(`Emitido em ${today()} por Maria Souza (Administração)`);
    expect(paragraphs.join('\n')).toContain(`Memorando ${doc.protocolNumber}`);
    expect(paragraphs.join('\n')).toContain('Solicito material de escritório.');
    // The same file through /uploads, for someone the document is shared with.
    expect((await download(pedro, `/uploads/${doc.docxFileName}`, 'pedro.docx')).res.status).toBe(200);
    // The hybrid PDF comes from the HTML.
    const { file: pdf } = await download(pedro, doc.fileUrl, 'memorando.pdf');
    expect((await run('pdftotext', [pdf, '-'])).stdout).toContain(`Memorando ${doc.protocolNumber}`);
  });

  it("makes a docx template's PDF from its filled DOCX base (LibreOffice)", async () => {
    const base = await upload(
      maria,
      'template-base',
      minimalDocx(['Requisição {{numero}}', 'Solicitante: {{usuario}}', '{{conteudo}}']),
      'requisicao.docx',
    );
    const docxOnly = await api<TemplateView>(server.url, 'POST', '/templates', {
      token: maria.token,
      body: {
        title: 'Requisição DOCX',
        content: '<p>Itens: {{titulo}}</p>',
        documentFormat: 'docx',
        baseDocument: base.filename,
      },
    });
    expect(docxOnly.status).toBe(201);
    const res = await createDocument(maria, {
      title: 'Papel A4',
      templateId: docxOnly.body.id,
      content: '<p>Itens: {{titulo}}</p><p>10 resmas</p>',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ extension: 'pdf', docxFileName: expect.stringMatching(/\.docx$/) });
    const { file } = await download(maria, res.body.fileUrl, 'requisicao.pdf');
    const text = (await run('pdftotext', [file, '-'])).stdout;
    expect(text).toContain(`Requisição ${res.body.protocolNumber}`);
    expect(text).toContain('Solicitante: Maria Souza');
    expect(text).toContain('Itens: Papel A4');
    expect(text).toContain('10 resmas');
  });

  it('answers 404 for a template the caller is not offered, and for a document they cannot see', async () => {
    const hidden = await createDocument(pedro, { title: 'X', templateId: template.id, content: '<p>x</p>' });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Template não encontrado.');
    expect((await createDocument(pedro, { title: 'X', templateId: 'nao-existe', content: '<p>x</p>' })).status).toBe(
      404,
    );
    const empty = await createDocument(maria, { title: 'X', templateId: template.id, content: '<script>x</script>' });
    expect(empty.status).toBe(400);

    const doc = (
      await createDocument(maria, { title: 'Só Administração', templateId: docxTemplate.id, content: '<p>interno</p>' })
    ).body;
    expect((await api(server.url, 'GET', `/documents/${doc.id}/docx`, { token: pedro.token })).status).toBe(404);
    const docx = await server.dataSource
      .getRepository(StoredFileEntity)
      .findOneByOrFail({ storedName: doc.docxFileName! });
    expect(docx).toMatchObject({ ownerKind: 'document', ownerId: doc.id });
    const noDoc = await fetch(`${server.url}/api/uploads/${doc.docxFileName}`, {
      headers: { authorization: `Bearer ${pedro.token}` },
    });
    expect(noDoc.status).toBe(404);
  });

  it('signs a template-based PDF with an A1 certificate; pdfsig validates it', async () => {
    const doc = (
      await createDocument(maria, {
        title: 'Portaria 12',
        templateId: template.id,
        content: '<p>Portaria {{numero}}: nomeia servidor.</p>',
      })
    ).body;
    const form = new FormData();
    form.set('signatureType', 'qualified');
    form.set('certificateType', 'certificate');
    form.set('certificatePassword', '1234');
    form.set('certificate', new Blob([p12]), 'maria.p12');
    const signed = await api<SignDocumentResponse>(server.url, 'POST', `/documents/${doc.id}/sign`, {
      token: maria.token,
      body: form,
    });
    expect(signed.status).toBe(200);
    expect(signed.body.document).toMatchObject({ status: 'signed', hasSignedPdf: true, templateId: template.id });

    const res = await fetch(`${server.url}/api/documents/${doc.id}/verify/${signed.body.verificationCode}/file`);
    expect(res.status).toBe(200);
    const file = path.join(dir, 'portaria-assinada.pdf');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const { stdout } = await run('pdfsig', [file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const blocks = stdout.split(/^Signature #\d+:/m).slice(1);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toContain('Signature Validation: Signature is Valid.');
    expect(blocks[0]).toContain('Common Name: Maria Souza');
    // The signed PDF keeps the template's page and text.
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Prefeitura Municipal de Exemplo');
    expect(text.replace(/[ \u00a0]+/g, ' ')).toContain(`Portaria ${doc.protocolNumber}: nomeia servidor.`);
    const { stdout: info } = await run('pdfinfo', ['-f', '1', '-l', '1', file]);
    expect(Number(/Page\s+1 size:\s+([\d.]+)/.exec(info)![1])).toBeCloseTo(PAGE_SIZE_CM.Letter.width * CM_TO_PT, 0);
  });
});
