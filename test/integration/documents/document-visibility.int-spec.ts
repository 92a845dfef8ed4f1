import type { DocumentView } from '#server/contracts/documents';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

describe('documents: who sees what (departmentAccess, confidential documents)', () => {
  const { server } = useServerSuite();
  const s: Record<string, Session> = {};

  const as = async (username: string, seed: Parameters<typeof createUser>[1]) => {
    await createUser(server.dataSource, { username, ...seed });
    s[username] = await login(server.url, username, TEST_PASSWORD);
  };

  /** Everything a user could use to reach a document: list, search, details, file and text routes. */
  async function reach(session: Session, doc: DocumentView) {
    const token = session.token;
    const list = await api<DocumentView[]>(server.url, 'GET', '/documents', { token });
    const search = await api<DocumentView[]>(
      server.url,
      'GET',
      `/documents?q=${encodeURIComponent(doc.title.toUpperCase())}`,
      {
        token,
      },
    );
    return {
      list: list.body.some((d) => d.id === doc.id),
      search: search.body.some((d) => d.id === doc.id),
      details: (await api(server.url, 'GET', `/documents/${doc.id}`, { token })).status,
      file: (await api(server.url, 'GET', `/uploads/${doc.fileName}?token=${token}`)).status,
      content: (await api(server.url, 'GET', `/uploads/${doc.fileName}/content`, { token })).status,
    };
  }
  const visible = { list: true, search: true, details: 200, file: 200, content: 200 };
  const hidden = { list: false, search: false, details: 404, file: 404, content: 404 };

  beforeAll(async () => {
    await as('chefe.fin', { department: 'Financeiro', level: 'Chefia' });
    await as('func.fin', { department: 'Financeiro' });
    await as('chefe.jur', { department: 'Jurídico', level: 'Chefia' });
    await as('func.jur', { department: 'Jurídico' });
    await as('chefe.obras', { department: 'Infraestrutura', level: 'Chefia' });
    await as('listado.gab', { department: 'Gabinete' });
    await as('admin.geral', { department: 'Administração', role: 'admin' });
  });

  it('limits a new document to the creator department', async () => {
    const doc = (
      await api<DocumentView>(server.url, 'POST', '/documents', {
        token: s['func.fin'].token,
        body: { title: 'Planilha de custos', content: 'Custos do trimestre.' },
      })
    ).body;
    expect(doc.departmentAccess).toEqual(['Financeiro']);
    expect(await reach(s['chefe.fin'], doc)).toEqual(visible);
    expect(await reach(s['func.fin'], doc)).toEqual(visible);
    expect(await reach(s['func.jur'], doc)).toEqual(hidden);
    expect(await reach(s['chefe.jur'], doc)).toEqual(hidden);
    expect(await reach(s['admin.geral'], doc)).toEqual(visible);
  });

  it('shows a confidential document only to Chefia of the allowed departments, the creator, the access list and admins', async () => {
    const created = await api<DocumentView>(server.url, 'POST', '/documents', {
      token: s['chefe.fin'].token,
      body: {
        title: 'Parecer sigiloso de auditoria',
        content: 'Achados preliminares.',
        confidential: true,
        departmentAccess: ['Jurídico'],
        confidentialAccess: [s['listado.gab'].user.id],
      },
    });
    expect(created.status).toBe(201);
    const doc = created.body;
    expect(doc).toMatchObject({ confidential: true, departmentAccess: ['Financeiro', 'Jurídico'] });
    expect(doc.confidentialAccess.sort()).toEqual([s['chefe.fin'].user.id, s['listado.gab'].user.id].sort());

    expect(await reach(s['chefe.fin'], doc)).toEqual(visible); // creator
    expect(await reach(s['chefe.jur'], doc)).toEqual(visible); // Chefia of an allowed department
    expect(await reach(s['listado.gab'], doc)).toEqual(visible); // on the access list
    expect(await reach(s['admin.geral'], doc)).toEqual(visible);
    expect(await reach(s['func.fin'], doc)).toEqual(hidden); // allowed department, not Chefia
    expect(await reach(s['func.jur'], doc)).toEqual(hidden);
    expect(await reach(s['chefe.obras'], doc)).toEqual(hidden); // Chefia of another department

    // Hidden users cannot act on it either: every route answers 404, as for a missing document.
    for (const path of [`/documents/${doc.id}/status`]) {
      const res = await api(server.url, 'PATCH', path, { token: s['func.fin'].token, body: { status: 'submitted' } });
      expect(res.status).toBe(404);
    }
    const signAttempt = await api(server.url, 'POST', `/documents/${doc.id}/sign`, {
      token: s['func.fin'].token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
    expect(signAttempt.status).toBe(404);
    const put = await api(server.url, 'PUT', `/uploads/${doc.fileName}/content`, {
      token: s['func.fin'].token,
      body: { content: 'x' },
    });
    expect(put.status).toBe(404);
    // Readers who do not manage it may not edit it.
    const edit = await api(server.url, 'PUT', `/uploads/${doc.fileName}/content`, {
      token: s['chefe.jur'].token,
      body: { content: 'x' },
    });
    expect(edit.status).toBe(403);
  });

  it('accepts the confidential flag only from level Chefia', async () => {
    const res = await api(server.url, 'POST', '/documents', {
      token: s['func.fin'].token,
      body: { title: 'Tentativa', content: 'x', confidential: true },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'Apenas usuários de nível Chefia podem criar documentos sigilosos.' });
  });

  it('searches title, file name and description case-insensitively among visible documents only', async () => {
    const token = s['func.jur'].token;
    await api(server.url, 'POST', '/documents', {
      token,
      body: { title: 'Minuta de contrato', content: 'Locacao do imovel da Rua Alfa para a secretaria.' },
    });
    const form = new FormData();
    form.set('file', new Blob(['conteudo']), 'Relatorio-Anual.txt');
    expect((await api(server.url, 'POST', '/documents/upload', { token, body: form })).status).toBe(201);
    const titles = async (q: string) =>
      (await api<DocumentView[]>(server.url, 'GET', `/documents?q=${encodeURIComponent(q)}`, { token })).body.map(
        (d) => d.title,
      );
    expect(await titles('MINUTA')).toEqual(['Minuta de contrato']);
    expect(await titles('rua alfa')).toEqual(['Minuta de contrato']);
    expect(await titles('relatorio-anual.TXT')).toEqual(['Relatorio-Anual']);
    expect(await titles('%')).toEqual([]);
    expect(await titles('Planilha')).toEqual([]); // exists, but in Financeiro
  });

  it('attaches a document to a process the creator may act on, and searches by the process name', async () => {
    const token = s['chefe.obras'].token;
    // The process is with Infraestrutura, the creator's department.
    const process = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: 'Reforma da Escola Municipal Beta',
      destinationDepartment: 'Infraestrutura',
    });
    const linked = await api<DocumentView>(server.url, 'POST', '/documents', {
      token,
      body: { title: 'Orçamento da obra', content: 'Itens e valores.', processId: process.id },
    });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ processId: process.id, processName: 'Reforma da Escola Municipal Beta' });
    const found = await api<DocumentView[]>(server.url, 'GET', '/documents?q=escola%20municipal', { token });
    expect(found.body.map((d) => d.id)).toEqual([linked.body.id]);

    const confidential = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: 'Sindicância',
      confidential: true,
      confidentialAccess: [s['admin.geral'].user.id],
    });
    const refused = await api(server.url, 'POST', '/documents', {
      token,
      body: { title: 'Anexo', content: 'x', processId: confidential.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'Processo não encontrado.' });
  });
});
