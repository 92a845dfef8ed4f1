import type { DocumentView } from '#server/contracts/documents';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

describe('documents linked to a process (GET /documents?processId=)', () => {
  const { server } = useServerSuite();
  const s: Record<string, Session> = {};

  const as = async (username: string, seed: Parameters<typeof createUser>[1]) => {
    await createUser(server.dataSource, { username, ...seed });
    s[username] = await login(server.url, username, TEST_PASSWORD);
  };
  const create = async (username: string, body: Record<string, unknown>) => {
    const res = await api<DocumentView>(server.url, 'POST', '/documents', { token: s[username].token, body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const linkedTo = async (username: string, processId: string, q = '') =>
    (
      await api<DocumentView[]>(
        server.url,
        'GET',
        `/documents?processId=${pid(processId)}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        { token: s[username].token },
      )
    ).body
      .map((d) => d.title)
      .sort();

  beforeAll(async () => {
    await as('chefe.obras', { department: 'Infraestrutura', level: 'Chefia' });
    await as('func.obras', { department: 'Infraestrutura' });
    await as('func.fin', { department: 'Financeiro' });
    await as('admin.geral', { department: 'Administração', role: 'admin' });
  });

  it('lists only the documents of that process, and of those only the ones the caller may see', async () => {
    // Both processes are with Infraestrutura now, so its staff may link documents to them.
    const process = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: 'Reforma da praça central',
      destinationDepartment: 'Infraestrutura',
    });
    const other = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: 'Poda de árvores',
      destinationDepartment: 'Infraestrutura',
    });
    await create('chefe.obras', { title: 'Orçamento da reforma', content: 'Itens.', processId: process.id });
    await create('chefe.obras', { title: 'Memorial descritivo', content: 'Texto.', processId: process.id });
    await create('chefe.obras', {
      title: 'Parecer sigiloso',
      content: 'Reservado.',
      processId: process.id,
      confidential: true,
    });
    await create('chefe.obras', { title: 'Cronograma da poda', content: 'Datas.', processId: other.id });
    await create('chefe.obras', { title: 'Ofício avulso', content: 'Sem processo.' });

    expect(await linkedTo('chefe.obras', process.id)).toEqual([
      'Memorial descritivo',
      'Orçamento da reforma',
      'Parecer sigiloso',
    ]);
    expect(await linkedTo('admin.geral', process.id)).toHaveLength(3);
    // Same department, not Chefia: the confidential one stays hidden.
    expect(await linkedTo('func.obras', process.id)).toEqual(['Memorial descritivo', 'Orçamento da reforma']);
    // Sees the process (it is not confidential) but none of its documents (they belong to Infraestrutura).
    expect(await linkedTo('func.fin', process.id)).toEqual([]);
    expect(await linkedTo('chefe.obras', other.id)).toEqual(['Cronograma da poda']);
    expect(await linkedTo('chefe.obras', 'NUP-INEXISTENTE')).toEqual([]);
    // The search still applies inside the process.
    expect(await linkedTo('chefe.obras', process.id, 'memorial')).toEqual(['Memorial descritivo']);
  });

  it('refuses a document linked to a process the creator cannot see or act on, and creates nothing', async () => {
    const hidden = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: 'Sindicância reservada',
      confidential: true,
      confidentialAccess: [s['admin.geral'].user.id],
    });
    const refused = await api(server.url, 'POST', '/documents', {
      token: s['func.obras'].token,
      body: { title: 'Tentativa', content: 'x', processId: hidden.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'Processo não encontrado.' });
    expect(await linkedTo('admin.geral', hidden.id)).toEqual([]);

    // Visible but with another department: linking a document is acting on it, as attaching is.
    const elsewhere = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: 'Licitação de merenda',
      destinationDepartment: 'Infraestrutura',
    });
    const notActing = await api(server.url, 'POST', '/documents', {
      token: s['func.fin'].token,
      body: { title: 'Tentativa', content: 'x', processId: elsewhere.id },
    });
    expect(notActing.status).toBe(403);
    expect(notActing.body).toMatchObject({
      message: 'Apenas administradores ou usuários do setor atual do processo podem realizar esta ação.',
    });
    expect(await linkedTo('admin.geral', elsewhere.id)).toEqual([]);
    const unauthenticated = await api(server.url, 'GET', `/documents?processId=${pid(hidden.id)}`);
    expect(unauthenticated.status).toBe(401);
  });
});
