import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DocumentType } from '#server/contracts/document-types';
import type { DocumentView, SignDocumentResponse } from '#server/contracts/documents';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const SEEDED = [
  ['Certidão', 'simple'],
  ['Contrato', 'qualified'],
  ['Decreto', 'qualified'],
  ['Despacho', 'simple'],
  ['Memorando', 'simple'],
  ['Ofício', 'simple'],
  ['Outro', 'simple'],
  ['Parecer', 'simple'],
  ['Portaria', 'simple'],
  ['Requerimento', 'simple'],
];

/** Document types and the minimum signature level per type (docs/documents.md#types) on a real server. */
describe('document types API', () => {
  const { server } = useServerSuite();
  let admin: Awaited<ReturnType<typeof login>>;
  let operator: Awaited<ReturnType<typeof login>>;
  const ca = createDemoCa();
  const operatorP12 = issueDemoA1(ca, { name: 'Olga Operadora', password: '1234' });

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'tipos.admin', role: 'admin', department: 'Gabinete' });
    await createUser(server.dataSource, { username: 'tipos.op', name: 'Olga Operadora', department: 'Administração' });
    admin = await login(server.url, 'tipos.admin', TEST_PASSWORD);
    operator = await login(server.url, 'tipos.op', TEST_PASSWORD);
  });

  const list = (query = '', token = operator.token) =>
    api<DocumentType[]>(server.url, 'GET', `/document-types${query}`, { token });
  const create = (body: unknown, token = admin.token) =>
    api<DocumentType>(server.url, 'POST', '/document-types', { token, body });
  const update = (id: string, body: unknown, token = admin.token) =>
    api<DocumentType>(server.url, 'PUT', `/document-types/${id}`, { token, body });
  const typeNamed = async (name: string) =>
    (await list('?includeInactive=true', admin.token)).body.find((t) => t.name === name)!;
  const newDocument = (body: Record<string, unknown>, token = operator.token) =>
    api<DocumentView>(server.url, 'POST', '/documents', { token, body: { content: 'Texto do documento.', ...body } });
  const uploadPdf = async (fields: Record<string, string>, token = operator.token) => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Contrato de prestação de serviços', {
      x: 50,
      y: 700,
      font: await pdf.embedFont(StandardFonts.Helvetica),
    });
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new Blob([await pdf.save()], { type: 'application/pdf' }), 'Contrato.pdf');
    return api<DocumentView>(server.url, 'POST', '/documents/upload', { token, body: form });
  };

  it('lists the seeded types by name to any signed-in user, and refuses anonymous callers', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.map((t) => [t.name, t.minimumLevel])).toEqual(SEEDED);
    expect(res.body.every((t) => t.active)).toBe(true);
    expect((await api(server.url, 'GET', '/document-types')).status).toBe(401);
  });

  it('lets only admins create and edit types, audits each change, and deactivates instead of deleting', async () => {
    const created = await create({ name: '  Termo de Fomento ', minimumLevel: 'qualified' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Termo de Fomento', minimumLevel: 'qualified', active: true });
    expect((await create({ name: 'Ata', minimumLevel: 'simple' }, operator.token)).status).toBe(403);
    expect((await update(created.body.id, { name: 'Ata', minimumLevel: 'simple' }, operator.token)).status).toBe(403);

    const renamed = await update(created.body.id, { name: 'Termo de Colaboração', minimumLevel: 'simple' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Termo de Colaboração', minimumLevel: 'simple', active: true });
    const off = await update(created.body.id, { name: 'Termo de Colaboração', minimumLevel: 'simple', active: false });
    expect(off.body.active).toBe(false);

    expect((await list()).body.map((t) => t.name)).not.toContain('Termo de Colaboração');
    expect((await list('?includeInactive=true', admin.token)).body).toContainEqual(
      expect.objectContaining({ name: 'Termo de Colaboração', active: false }),
    );
    const refused = await list('?includeInactive=true');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Apenas administradores podem listar tipos de documento inativos.' });

    const audit = await server.dataSource.query(
      `SELECT action, description, username FROM audit_logs WHERE entity_type = 'document-type' AND entity_id = $1
        ORDER BY created_at, id`,
      [created.body.id],
    );
    expect(audit).toEqual([
      {
        action: 'create',
        description: 'Tipo de documento Termo de Fomento criado (assinatura mínima: Qualificada (ICP-Brasil))',
        username: 'tipos.admin',
      },
      { action: 'update', description: 'Tipo de documento Termo de Colaboração alterado', username: 'tipos.admin' },
      { action: 'update', description: 'Tipo de documento Termo de Colaboração alterado', username: 'tipos.admin' },
    ]);
  });

  it('refuses a name another type holds, whatever its case and accents, with 409', async () => {
    const same = await create({ name: 'OFICIO', minimumLevel: 'simple' });
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ message: 'Já existe um tipo de documento chamado "Ofício".' });
    const parecer = await typeNamed('Parecer');
    const clash = await update(parecer.id, { name: 'memorando', minimumLevel: 'simple' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: 'Já existe um tipo de documento chamado "Memorando".' });
    // Renaming a type to a new spelling of its own name is no clash.
    expect((await update(parecer.id, { name: 'PARECER', minimumLevel: 'simple' })).status).toBe(200);
    expect((await update(parecer.id, { name: 'Parecer', minimumLevel: 'simple' })).status).toBe(200);
  });

  it('answers bad input with a pt-BR 400 and an unknown type with 404', async () => {
    const cases: [unknown, string][] = [
      [{ name: '  ', minimumLevel: 'simple' }, 'Informe o nome do tipo de documento.'],
      [{ minimumLevel: 'simple' }, 'Informe o nome do tipo de documento.'],
      [
        { name: 'x'.repeat(81), minimumLevel: 'simple' },
        'O nome do tipo de documento deve ter no máximo 80 caracteres.',
      ],
      [
        { name: 'Ata', minimumLevel: 'advanced' },
        'Nível mínimo de assinatura inválido: use simple (simples) ou qualified (qualificada).',
      ],
      [{ name: 'Ata', minimumLevel: 'simple', extra: 1 }, 'O campo "extra" não é permitido.'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message });
    }
    const ofício = await typeNamed('Ofício');
    const badActive = await update(ofício.id, { name: 'Ofício', minimumLevel: 'simple', active: 'não' });
    expect(badActive.body).toMatchObject({
      statusCode: 400,
      message: 'O campo "active" deve ser verdadeiro ou falso.',
    });
    expect((await list('?includeInactive=talvez', admin.token)).status).toBe(400);
    const missing = await update('6f1c2a9e-0000-4000-8000-000000000000', { name: 'Ata', minimumLevel: 'simple' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Tipo de documento não encontrado.' });
  });

  it('gives documents a type on creation, upload and edit, shows it, and filters the list by it', async () => {
    const memorando = await typeNamed('Memorando');
    const despacho = await typeNamed('Despacho');
    const made = await newDocument({ title: 'Memorando 7/2026', documentType: memorando.id });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      documentType: { id: memorando.id, name: 'Memorando', minimumLevel: 'simple' },
      requiredSignatureLevel: 'simple',
    });
    const untyped = await newDocument({ title: 'Anotação sem tipo' });
    expect(untyped.body).toMatchObject({ documentType: null, requiredSignatureLevel: 'simple' });
    const uploaded = await uploadPdf({ title: 'Despacho 3', documentType: despacho.id });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.documentType).toEqual({ id: despacho.id, name: 'Despacho', minimumLevel: 'simple' });

    const viewed = await api<DocumentView>(server.url, 'GET', `/documents/${made.body.id}`, { token: operator.token });
    expect(viewed.body.documentType?.name).toBe('Memorando');
    const ofMemorando = await api<DocumentView[]>(server.url, 'GET', `/documents?documentType=${memorando.id}`, {
      token: operator.token,
    });
    expect(ofMemorando.body.map((d) => d.id)).toEqual([made.body.id]);

    const edited = await api<DocumentView>(server.url, 'PATCH', `/documents/${made.body.id}`, {
      token: operator.token,
      body: { title: 'Despacho 8/2026', content: 'Texto revisto.', documentType: despacho.id },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.documentType?.name).toBe('Despacho');
    const ofDespacho = await api<DocumentView[]>(server.url, 'GET', `/documents?documentType=${despacho.id}`, {
      token: operator.token,
    });
    expect(ofDespacho.body.map((d) => d.id).sort()).toEqual([made.body.id, uploaded.body.id].sort());
    const cleared = await api<DocumentView>(server.url, 'PATCH', `/documents/${made.body.id}`, {
      token: operator.token,
      body: { title: 'Despacho 8/2026', content: 'Texto revisto.', documentType: null },
    });
    expect(cleared.body.documentType).toBeNull();
  });

  it('refuses an unknown, inactive or malformed type on a document and in the filter with a pt-BR 400', async () => {
    const unknown = await newDocument({ title: 'X', documentType: '6f1c2a9e-0000-4000-8000-000000000000' });
    expect(unknown.body).toMatchObject({ statusCode: 400, message: 'Tipo de documento não encontrado.' });
    const retired = await create({ name: 'Circular', minimumLevel: 'simple' });
    await update(retired.body.id, { name: 'Circular', minimumLevel: 'simple', active: false });
    const inactive = await uploadPdf({ documentType: retired.body.id });
    expect(inactive.body).toMatchObject({
      statusCode: 400,
      message: 'Este tipo de documento está desativado. Escolha outro tipo.',
    });
    const malformed = await newDocument({ title: 'X', documentType: 'ofício' });
    expect(malformed.body).toMatchObject({ statusCode: 400, message: 'Tipo de documento inválido.' });
    const filter = await api(server.url, 'GET', '/documents?documentType=abc', { token: operator.token });
    expect(filter.body).toMatchObject({ statusCode: 400, message: 'Tipo de documento inválido.' });
  });

  it('refuses a simple signature on a type that requires a qualified one, and accepts PAdES', async () => {
    const contrato = await typeNamed('Contrato');
    const doc = await uploadPdf({ title: 'Contrato 12/2026', documentType: contrato.id });
    expect(doc.body).toMatchObject({ requiredSignatureLevel: 'qualified', canSign: true });

    const simple = await api(server.url, 'POST', `/documents/${doc.body.id}/sign`, {
      token: operator.token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
    expect(simple.status).toBe(422);
    expect(simple.body).toMatchObject({
      message: 'Este tipo de documento (Contrato) exige assinatura qualificada com certificado digital ICP-Brasil.',
    });
    expect(
      await server.dataSource.query(`SELECT 1 FROM document_signatures WHERE document_id = $1`, [doc.body.id]),
    ).toEqual([]);

    const form = new FormData();
    form.set('signatureType', 'qualified');
    form.set('certificateType', 'certificate');
    form.set('certificatePassword', '1234');
    form.set('certificate', new Blob([operatorP12]), 'olga.p12');
    const pades = await api<SignDocumentResponse>(server.url, 'POST', `/documents/${doc.body.id}/sign`, {
      token: operator.token,
      body: form,
    });
    expect(pades.status).toBe(200);
    expect(pades.body.signature).toMatchObject({ signatureType: 'qualified', certificateType: 'certificate' });
  });

  it('applies a level an admin raises to documents not yet signed', async () => {
    const oficio = await typeNamed('Ofício');
    const doc = await newDocument({ title: 'Ofício 40/2026', documentType: oficio.id });
    await update(oficio.id, { name: 'Ofício', minimumLevel: 'qualified' });
    const viewed = await api<DocumentView>(server.url, 'GET', `/documents/${doc.body.id}`, { token: operator.token });
    expect(viewed.body.requiredSignatureLevel).toBe('qualified');
    const simple = await api(server.url, 'POST', `/documents/${doc.body.id}/sign`, {
      token: operator.token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
    expect(simple.status).toBe(422);
    await update(oficio.id, { name: 'Ofício', minimumLevel: 'simple' });
    const allowed = await api(server.url, 'POST', `/documents/${doc.body.id}/sign`, {
      token: operator.token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
    expect(allowed.status).toBe(200);
  });
});
