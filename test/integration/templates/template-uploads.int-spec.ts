import type { LogosResponse, TemplateView, UploadResponse } from '#server/contracts/templates';
import { TEMPLATE_MESSAGES } from '#server/contracts/templates';
import { AuditLogEntity, StoredFileEntity } from '#server/database/entities/index';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { docxWithBigDocument, docxWithDoctype, docxWithMacro, docxWithParts } from '#test/factories/docx-bombs';
import { buildPlainZip } from '#test/factories/template-files';
import { minimalDocx, TINY_PNG } from '#test/factories/template-render';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { expectHarmless, XSS_IMAGE, XSS_PAYLOADS } from '#test/factories/xss-payloads';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;
type Reply = UploadResponse & { message?: string };

describe('template uploads (POST /uploads, GET /uploads/logos) and sanitised template content', () => {
  const { server } = useServerSuite();
  let ana: Session; // Administração
  let bruno: Session; // Jurídico
  let admin: Session;

  const upload = (as: Session | null, type: string | null, bytes: Buffer | null, name: string) => {
    const form = new FormData();
    if (type !== null) form.set('type', type);
    if (bytes) form.set('file', new Blob([bytes]), name);
    return api<Reply>(server.url, 'POST', '/uploads', { token: as?.token, body: form });
  };
  const fetchFile = (as: Session, url: string) =>
    fetch(`${server.url}/api${url}`, { headers: { authorization: `Bearer ${as.token}` } });

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'up.ana', department: 'Administração' });
    await createUser(server.dataSource, { username: 'up.bruno', department: 'Jurídico' });
    await createUser(server.dataSource, { username: 'up.admin', department: 'Gabinete', role: 'admin' });
    ana = await login(server.url, 'up.ana', TEST_PASSWORD);
    bruno = await login(server.url, 'up.bruno', TEST_PASSWORD);
    admin = await login(server.url, 'up.admin', TEST_PASSWORD);
  });

  it('stores a DOCX base and serves it to its uploader, admins, and whoever is offered a template using it', async () => {
    const docx = minimalDocx(['Ofício {{numero}}', 'Data: {{data}}']);
    const res = await upload(ana, 'template-base', docx, 'Ofício base.docx');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      url: `/uploads/${res.body.filename}`,
      filename: expect.stringMatching(/^[0-9a-f-]{36}\.docx$/),
      name: 'Ofício base.docx',
    });
    const row = await server.dataSource
      .getRepository(StoredFileEntity)
      .findOneByOrFail({ storedName: res.body.filename });
    expect(row).toMatchObject({ ownerKind: 'template-base', uploadedBy: ana.user.id });
    const audit = await server.dataSource
      .getRepository(AuditLogEntity)
      .findOneByOrFail({ action: 'upload', entityType: 'template' });
    expect(audit.username).toBe('up.ana');

    const mine = await fetchFile(ana, res.body.url);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(docx)).toBe(true);
    expect((await fetchFile(admin, res.body.url)).status).toBe(200);
    // Bruno (another department) has no template using it yet.
    expect((await fetchFile(bruno, res.body.url)).status).toBe(404);
    // …and may not attach someone else's base he cannot read.
    const stolen = await api(server.url, 'POST', '/templates', {
      token: bruno.token,
      body: { title: 'T', content: '<p>x</p>', documentFormat: 'docx', baseDocument: res.body.filename },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(TEMPLATE_MESSAGES.baseDocumentNotFound);

    const template = await api<TemplateView>(server.url, 'POST', '/templates', {
      token: ana.token,
      body: {
        title: 'Ofício DOCX',
        content: '<p>x</p>',
        documentFormat: 'docx',
        baseDocument: res.body.filename,
        isPublic: true,
      },
    });
    expect(template.status).toBe(201);
    expect(template.body.baseDocument).toBe(res.body.filename);
    expect((await fetchFile(bruno, res.body.url)).status).toBe(200);
  });

  it.each([
    ['template-base', 'text named .docx', Buffer.from('isto não é um zip'), 'base.docx', TEMPLATE_MESSAGES.docxOnly],
    ['template-base', 'a zip without word/document.xml', buildPlainZip(), 'base.docx', TEMPLATE_MESSAGES.docxOnly],
    ['template-base', 'a PNG', TINY_PNG, 'base.docx', TEMPLATE_MESSAGES.docxOnly],
    [
      'template-base',
      'a PDF',
      Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'),
      'base.pdf',
      TEMPLATE_MESSAGES.docxOnly,
    ],
    [
      'organization-logo',
      'a script named .png',
      Buffer.from('<script>alert(1)</script>'),
      'logo.png',
      TEMPLATE_MESSAGES.imageOnly,
    ],
    [
      'organization-logo',
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'),
      'logo.svg',
      TEMPLATE_MESSAGES.imageOnly,
    ],
    [
      'template-image',
      'an HTML file',
      Buffer.from('<html><body onload=alert(1)></body></html>'),
      'x.html',
      TEMPLATE_MESSAGES.imageOnly,
    ],
    ['template-image', 'a DOCX', minimalDocx(['x']), 'imagem.png', TEMPLATE_MESSAGES.imageOnly],
    [
      'template-image',
      'an executable',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048)]),
      'x.png',
      TEMPLATE_MESSAGES.imageOnly,
    ],
  ])('refuses as %s %s (415) and keeps nothing', async (type, _what, bytes, name, message) => {
    const before = await server.dataSource.getRepository(StoredFileEntity).count();
    const res = await upload(ana, type, bytes, name);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(message);
    expect(await server.dataSource.getRepository(StoredFileEntity).count()).toBe(before);
  });

  it.each([
    [
      "the probe's zip bomb (300 KB, word/document.xml inflating to 300 MB)",
      () => docxWithBigDocument(300 * 1024 * 1024),
      'descompactado, o arquivo passa de 100 MB no total ou de 25 MB numa parte.',
    ],
    [
      'a part of 20 MB deflated 1000:1',
      () => docxWithBigDocument(20 * 1024 * 1024),
      'o arquivo se expande mais de 100 vezes ao ser descompactado.',
    ],
    ['a package of 1,001 parts', () => docxWithParts(1001), 'o arquivo tem mais de 1000 partes internas.'],
    ['a .docx carrying word/vbaProject.bin', docxWithMacro, 'documentos com macros não são aceitos.'],
    [
      'a DOCTYPE (XXE) in word/document.xml',
      docxWithDoctype,
      'a parte "word/document.xml" declara um DOCTYPE, que não é aceito.',
    ],
    [
      'broken {{ tags',
      () => Promise.resolve(minimalDocx(['Nº {{numero'])),
      'marcadores {{…}} malformados: "{{numero".',
    ],
  ])('refuses as template-base %s (415 naming the problem) and keeps nothing', async (_what, make, reason) => {
    const before = await server.dataSource.getRepository(StoredFileEntity).count();
    const res = await upload(ana, 'template-base', await make(), 'base.docx');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(TEMPLATE_MESSAGES.docxRefused(reason));
    expect(await server.dataSource.getRepository(StoredFileEntity).count()).toBe(before);
  });

  it('refuses, when a template is saved, a stored base that could never be filled (400 naming the problem)', async () => {
    // Stored before uploads were checked this closely: straight into storage, past POST /uploads.
    const storage = server.app.get(FileStorageService);
    const broken = await storage.store(minimalDocx(['Nº {{numero']), 'antigo.docx', {
      ownerKind: 'template-base',
      uploadedBy: ana.user.id,
    });
    const body = { title: 'Antigo', content: '<p>x</p>', documentFormat: 'docx', baseDocument: broken.storedName };
    const res = await api(server.url, 'POST', '/templates', { token: ana.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TEMPLATE_MESSAGES.docxRefused('marcadores {{…}} malformados: "{{numero".'));
  });

  it('refuses a missing file or type with 400 and answers 401 without a token', async () => {
    const noFile = await upload(ana, 'organization-logo', null, '');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(TEMPLATE_MESSAGES.fileRequired);
    const badType = await upload(ana, 'avatar', TINY_PNG, 'x.png');
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe(TEMPLATE_MESSAGES.uploadTypeInvalid);
    expect((await upload(ana, null, TINY_PNG, 'x.png')).status).toBe(400);
    expect((await upload(null, 'organization-logo', TINY_PNG, 'x.png')).status).toBe(401);
    expect((await api(server.url, 'GET', '/uploads/logos')).status).toBe(401);
  });

  it('lists logos anyone uploaded, newest first and each picture once, and serves them to every user', async () => {
    const first = (await upload(ana, 'organization-logo', TINY_PNG, 'brasão.png')).body;
    const jpeg = await sharpJpeg();
    const second = (await upload(bruno, 'organization-logo', jpeg, 'logo-juridico.jpg')).body;
    // The same picture again, under another name: listed once (its newest upload).
    const again = (await upload(admin, 'organization-logo', TINY_PNG, 'brasão-de-novo.png')).body;
    // Template images are not logos.
    await upload(ana, 'template-image', TINY_PNG, 'figura.png');

    const res = await api<LogosResponse>(server.url, 'GET', '/uploads/logos', { token: bruno.token });
    expect(res.status).toBe(200);
    expect(res.body.logos).toEqual([
      { url: again.url, name: 'brasão-de-novo.png', filename: again.filename },
      { url: second.url, name: 'logo-juridico.jpg', filename: second.filename },
    ]);
    expect(first.filename).not.toBe(again.filename);
    expect(second.filename).toMatch(/\.jpg$/);
    const served = await fetchFile(bruno, again.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    // A template may use a logo anyone uploaded.
    const t = await api<TemplateView>(server.url, 'POST', '/templates', {
      token: ana.token,
      body: { title: 'Com logo', content: '<p>x</p>', organization: { logo: second.filename, name: 'Prefeitura' } },
    });
    expect(t.status).toBe(201);
    expect(t.body.organization.logo).toBe(second.filename);
  });

  it('stores template content sanitised: every XSS payload is gone, allowed formatting and our images stay', async () => {
    const image = (await upload(ana, 'template-image', TINY_PNG, 'figura.png')).body;
    const allowed =
      '<h2 style="text-align:center">Ofício nº {{numero}}</h2><p><strong>Prezado(a)</strong>, <em>segue</em>:</p>' +
      '<ul><li><p>item</p></li></ul>';
    // Our image first: an unclosed <style> or <math> in the payloads swallows what follows it.
    const content =
      allowed +
      `<img src="http://127.0.0.1:1/api/uploads/${image.filename}?token=${ana.token}" style="width: 50%">` +
      XSS_PAYLOADS.join('<p>—</p>');
    const res = await api<TemplateView>(server.url, 'POST', '/templates', {
      token: ana.token,
      body: { title: 'XSS', content },
    });
    expect(res.status).toBe(201);
    expectHarmless(res.body.content, [XSS_IMAGE, image.filename]);
    expect(res.body.content.startsWith(allowed)).toBe(true);
    expect(res.body.content).toContain(`<img style="width:50%" src="/uploads/${image.filename}" />`);
    expect(res.body.content).not.toContain(ana.token);
    // What the list returns is what was stored.
    const listed = (await api<TemplateView[]>(server.url, 'GET', '/templates', { token: ana.token })).body;
    expect(listed.find((t) => t.id === res.body.id)!.content).toBe(res.body.content);
  });
});

/** A small real JPEG (sharp is a dependency of the server for avatars). */
async function sharpJpeg(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#003366' } })
    .jpeg()
    .toBuffer();
}
