import type { TemplateRequest, TemplateView } from '#server/contracts/templates';
import { TEMPLATE_DEFAULT_FORMATTING, TEMPLATE_DEFAULT_ORGANIZATION } from '#server/contracts/templates';
import { TEMPLATE_MESSAGES } from '#server/contracts/templates';
import { AuditLogEntity, UserEntity } from '#server/database/entities/index';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

describe('templates: CRUD, defaults and who may do what', () => {
  const { server } = useServerSuite();
  let creator: Session; // Administração
  let colleague: Session; // Administração, not the creator
  let other: Session; // Jurídico
  let admin: Session; // Jurídico, admin

  type Reply = TemplateView & { message?: string };
  const post = (as: Session, body: unknown) => api<Reply>(server.url, 'POST', '/templates', { token: as.token, body });
  const put = (as: Session, id: string, body: unknown) =>
    api<Reply>(server.url, 'PUT', `/templates/${id}`, { token: as.token, body });
  const del = (as: Session, id: string) => api(server.url, 'DELETE', `/templates/${id}`, { token: as.token });
  const list = async (as: Session) => {
    const res = await api<TemplateView[]>(server.url, 'GET', '/templates', { token: as.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const minimal = (title: string, extra: Partial<TemplateRequest> = {}): TemplateRequest => ({
    title,
    content: '<p>Ofício nº {{numero}}</p>',
    ...extra,
  });

  beforeAll(async () => {
    const ds = server.dataSource;
    await createUser(ds, { username: 'tpl.criador', name: 'Ana Criadora', department: 'Administração' });
    await createUser(ds, { username: 'tpl.colega', department: 'Administração' });
    await createUser(ds, { username: 'tpl.outro', department: 'Jurídico' });
    await createUser(ds, { username: 'tpl.admin', department: 'Jurídico', role: 'admin' });
    creator = await login(server.url, 'tpl.criador', TEST_PASSWORD);
    colleague = await login(server.url, 'tpl.colega', TEST_PASSWORD);
    other = await login(server.url, 'tpl.outro', TEST_PASSWORD);
    admin = await login(server.url, 'tpl.admin', TEST_PASSWORD);
  });

  it('creates with the defaults for every omitted part, and audits the write', async () => {
    const res = await post(creator, minimal('Ofício padrão'));
    expect(res.status).toBe(201);
    const t = res.body;
    expect(t).toMatchObject({
      _id: t.id,
      title: 'Ofício padrão',
      content: '<p>Ofício nº {{numero}}</p>',
      type: 'document',
      category: 'general',
      isPublic: false,
      documentFormat: 'html',
      baseDocument: null,
      organization: TEMPLATE_DEFAULT_ORGANIZATION,
      formatting: TEMPLATE_DEFAULT_FORMATTING,
      createdBy: { id: creator.user.id, name: 'Ana Criadora' },
      department: 'Administração',
      canEdit: true,
    });
    expect(t.formatting).toEqual({
      pageSize: 'A4',
      margins: { top: 2.5, bottom: 2.5, left: 3, right: 2 },
      headerHeight: 2,
      footerHeight: 1.5,
    });
    expect(t.organization.colors).toEqual({ primary: '#003366', secondary: '#0066cc', accent: '#ff6600' });
    expect(t.organization.fonts).toEqual({ title: 'Times New Roman', body: 'Arial' });
    const audit = await server.dataSource
      .getRepository(AuditLogEntity)
      .findOneByOrFail({ entityType: 'template', entityId: t.id, action: 'create' });
    expect(audit.username).toBe('tpl.criador');
  });

  it('keeps the given parts and fills only the missing ones', async () => {
    const res = await post(creator, {
      ...minimal('Memorando'),
      type: 'header',
      category: 'memo',
      documentFormat: 'hybrid',
      organization: { name: 'Prefeitura Municipal', colors: { primary: '#112233' }, fonts: { body: 'Courier New' } },
      formatting: { pageSize: 'Legal', margins: { left: 1.5 }, headerHeight: 3.2 },
    });
    expect(res.status).toBe(201);
    expect(res.body.organization).toEqual({
      ...TEMPLATE_DEFAULT_ORGANIZATION,
      name: 'Prefeitura Municipal',
      colors: { primary: '#112233', secondary: '#0066cc', accent: '#ff6600' },
      fonts: { title: 'Times New Roman', body: 'Courier New' },
    });
    expect(res.body.formatting).toEqual({
      pageSize: 'Legal',
      margins: { top: 2.5, bottom: 2.5, left: 1.5, right: 2 },
      headerHeight: 3.2,
      footerHeight: 1.5,
    });
    expect(res.body).toMatchObject({ type: 'header', category: 'memo', documentFormat: 'hybrid' });
  });

  it('offers public templates to everyone, private ones to the department and the creator, all to admins', async () => {
    const priv = (await post(creator, minimal('Privado Administração'))).body;
    const pub = (await post(creator, minimal('Público', { isPublic: true }))).body;
    const juridico = (await post(other, minimal('Privado Jurídico'))).body;

    const titles = async (as: Session) => (await list(as)).map((t) => t.title);
    expect(await titles(colleague)).toEqual(expect.arrayContaining([priv.title, pub.title]));
    expect(await titles(colleague)).not.toContain(juridico.title);
    expect(await titles(other)).toEqual(expect.arrayContaining([pub.title, juridico.title]));
    expect(await titles(other)).not.toContain(priv.title);
    expect(await titles(admin)).toEqual(expect.arrayContaining([priv.title, pub.title, juridico.title]));

    // canEdit says who may change it: the creator and admins.
    const seen = (await list(colleague)).find((t) => t.id === priv.id)!;
    expect(seen.canEdit).toBe(false);
    expect((await list(admin)).find((t) => t.id === priv.id)!.canEdit).toBe(true);
    // Newest first.
    const all = await list(admin);
    const times = all.map((t) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('lets the creator and admins edit and delete; others get 403 when they see it, 404 when they do not', async () => {
    const priv = (await post(creator, minimal('Contrato'))).body;
    const pub = (await post(creator, minimal('Requisição', { isPublic: true }))).body;

    // Same department, not the creator: sees it, may not change it.
    const forbidden = await put(colleague, priv.id, minimal('Alterado'));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toMatch(/criador do template ou um administrador/);
    expect((await del(colleague, priv.id)).status).toBe(403);
    // Another department: a private template does not exist for them; a public one is forbidden.
    const hidden = await put(other, priv.id, minimal('Alterado'));
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Template não encontrado.');
    expect((await del(other, priv.id)).status).toBe(404);
    expect((await put(other, pub.id, minimal('Alterado'))).status).toBe(403);
    expect((await del(other, pub.id)).status).toBe(403);
    // Unknown or malformed ids are 404 too.
    expect((await put(admin, '00000000-0000-4000-8000-000000000000', minimal('x'))).status).toBe(404);
    expect((await del(admin, 'nao-e-uuid')).status).toBe(404);

    // The creator edits (PUT replaces: omitted parts go back to the defaults).
    const edited = await put(creator, priv.id, {
      ...minimal('Contrato de prestação'),
      category: 'contract',
      formatting: { margins: { top: 1 } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Contrato de prestação',
      category: 'contract',
      department: 'Administração',
    });
    expect(edited.body.formatting.margins).toEqual({ top: 1, bottom: 2.5, left: 3, right: 2 });
    // An admin of another department edits it; the department and creator stay.
    const byAdmin = await put(admin, priv.id, { ...minimal('Contrato revisado'), isPublic: true });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({
      isPublic: true,
      department: 'Administração',
      createdBy: { id: creator.user.id },
      canEdit: true,
    });

    // Delete: creator and admin.
    const deleted = await del(creator, priv.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Template excluído com sucesso.' });
    expect((await list(admin)).map((t) => t.id)).not.toContain(priv.id);
    expect((await del(admin, pub.id)).status).toBe(200);
    expect((await del(admin, pub.id)).status).toBe(404);
    const audits = await server.dataSource
      .getRepository(AuditLogEntity)
      .findBy({ entityType: 'template', entityId: priv.id });
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update', 'update']);
  });

  it('answers 401 without a token', async () => {
    expect((await api(server.url, 'GET', '/templates')).status).toBe(401);
    expect((await api(server.url, 'POST', '/templates', { body: minimal('x') })).status).toBe(401);
    expect(
      (await api(server.url, 'PUT', '/templates/00000000-0000-4000-8000-000000000000', { body: minimal('x') })).status,
    ).toBe(401);
    expect((await api(server.url, 'DELETE', '/templates/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('keeps a template whose creator was removed: createdBy null (the client shows "User")', async () => {
    const temp = await createUser(server.dataSource, { username: 'tpl.temporario', department: 'Administração' });
    const session = await login(server.url, 'tpl.temporario', TEST_PASSWORD);
    const made = (await post(session, minimal('Órfão'))).body;
    await server.dataSource.getRepository(UserEntity).delete({ id: temp.id });
    const seen = (await list(creator)).find((t) => t.id === made.id)!;
    expect(seen.createdBy).toBeNull();
    expect(seen.canEdit).toBe(false);
    expect((await list(admin)).find((t) => t.id === made.id)!.canEdit).toBe(true);
  });

  it.each([
    ['no title', { content: '<p>x</p>' }, TEMPLATE_MESSAGES.titleRequired],
    ['blank title', { title: '   ', content: '<p>x</p>' }, TEMPLATE_MESSAGES.titleRequired],
    ['title too long', { title: 'x'.repeat(201), content: '<p>x</p>' }, TEMPLATE_MESSAGES.titleTooLong],
    ['no content', { title: 'T' }, TEMPLATE_MESSAGES.contentRequired],
    [
      'content only markup',
      { title: 'T', content: '<p></p><script>alert(1)</script>' },
      TEMPLATE_MESSAGES.contentRequired,
    ],
    ['content not text', { title: 'T', content: 42 }, TEMPLATE_MESSAGES.contentRequired],
    ['bad type', { ...minimal('T'), type: 'letter' }, TEMPLATE_MESSAGES.typeInvalid],
    ['bad category', { ...minimal('T'), category: 'x' }, TEMPLATE_MESSAGES.categoryInvalid],
    ['bad format', { ...minimal('T'), documentFormat: 'pdf' }, TEMPLATE_MESSAGES.formatInvalid],
    ['bad page size', { ...minimal('T'), formatting: { pageSize: 'A3' } }, TEMPLATE_MESSAGES.pageSizeInvalid],
    ['negative margin', { ...minimal('T'), formatting: { margins: { top: -0.1 } } }, TEMPLATE_MESSAGES.measureInvalid],
    ['huge margin', { ...minimal('T'), formatting: { margins: { left: 10.1 } } }, TEMPLATE_MESSAGES.measureInvalid],
    ['margin off step', { ...minimal('T'), formatting: { margins: { left: 2.55 } } }, TEMPLATE_MESSAGES.measureInvalid],
    ['margin as text', { ...minimal('T'), formatting: { margins: { left: '2' } } }, TEMPLATE_MESSAGES.measureInvalid],
    ['header height', { ...minimal('T'), formatting: { headerHeight: 11 } }, TEMPLATE_MESSAGES.measureInvalid],
    ['margins not an object', { ...minimal('T'), formatting: { margins: 3 } }, TEMPLATE_MESSAGES.formattingInvalid],
    ['formatting null', { ...minimal('T'), formatting: null }, TEMPLATE_MESSAGES.formattingInvalid],
    ['bad colour', { ...minimal('T'), organization: { colors: { primary: 'red' } } }, TEMPLATE_MESSAGES.colorInvalid],
    ['short colour', { ...minimal('T'), organization: { colors: { accent: '#fff' } } }, TEMPLATE_MESSAGES.colorInvalid],
    [
      'bad font',
      { ...minimal('T'), organization: { fonts: { title: 'Comic Sans MS' } } },
      TEMPLATE_MESSAGES.fontInvalid,
    ],
    ['bad e-mail', { ...minimal('T'), organization: { email: 'nao-e-email' } }, TEMPLATE_MESSAGES.emailInvalid],
    ['unknown logo', { ...minimal('T'), organization: { logo: 'x.png' } }, TEMPLATE_MESSAGES.logoNotFound],
    [
      'logo not uploaded',
      { ...minimal('T'), organization: { logo: '0b0a3c3e-8a3c-4c55-9a55-6e8a2b1c9d00.png' } },
      TEMPLATE_MESSAGES.logoNotFound,
    ],
    [
      'unknown base',
      { ...minimal('T'), baseDocument: '0b0a3c3e-8a3c-4c55-9a55-6e8a2b1c9d00.docx' },
      TEMPLATE_MESSAGES.baseDocumentNotFound,
    ],
  ])('refuses %s with 400 and a clear message', async (_case, body, message) => {
    const res = await post(creator, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses unknown fields and odd bodies with 400, never 500', async () => {
    for (const body of [{ ...minimal('T'), hacker: true }, [], 'texto', { ...minimal('T'), organization: [] }]) {
      const res = await post(creator, body);
      expect(res.status).toBe(400);
    }
  });

  it('accepts margins a browser stepper produced (0.1 + 0.2) as the nearest tenth', async () => {
    const res = await post(creator, { ...minimal('Passo'), formatting: { margins: { top: 0.1 + 0.2, bottom: 0 } } });
    expect(res.status).toBe(201);
    expect(res.body.formatting.margins).toMatchObject({ top: 0.3, bottom: 0 });
  });
});
