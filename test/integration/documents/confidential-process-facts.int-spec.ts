import type { DocumentView } from '#server/contracts/documents';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * A document linked to a confidential process must not reveal the process (its number or subject)
 * to colleagues who may read the document but not the process: not in the list, the details, the
 * process filter or a search match. The process's facts follow its visibility at read time.
 */
describe('documents linked to a confidential process (no side door)', () => {
  const { server } = useServerSuite();
  const s: Record<string, Session> = {};
  const SUBJECT = 'Sindicância sobre desvio de merenda';

  const documents = async (username: string, query = '') =>
    (await api<DocumentView[]>(server.url, 'GET', `/documents${query}`, { token: s[username].token })).body;
  const details = async (username: string, id: string) =>
    api<DocumentView>(server.url, 'GET', `/documents/${id}`, { token: s[username].token });

  beforeAll(async () => {
    for (const [username, seed] of [
      ['chefe.obras', { department: 'Infraestrutura', level: 'Chefia' }],
      ['func.obras', { department: 'Infraestrutura' }],
      ['admin.geral', { department: 'Administração', role: 'admin' }],
    ] as const) {
      await createUser(server.dataSource, { username, ...seed });
      s[username] = await login(server.url, username, TEST_PASSWORD);
    }
  });

  /** A process with Infraestrutura, confidential for admin.geral and chefe.obras only, and a linked document. */
  async function linkedToConfidentialProcess(title: string) {
    const process = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: SUBJECT,
      destinationDepartment: 'Infraestrutura',
      confidential: true,
      confidentialAccess: [s['admin.geral'].user.id, s['chefe.obras'].user.id],
    });
    const created = await api<DocumentView>(server.url, 'POST', '/documents', {
      token: s['chefe.obras'].token,
      body: { title, content: 'Conteúdo do parecer.', processId: process.id },
    });
    expect(created.status).toBe(201);
    return { process, doc: created.body };
  }

  it('shows the process only to who may see it; the document itself stays visible to its department', async () => {
    const { process, doc } = await linkedToConfidentialProcess('Parecer técnico');

    for (const allowed of ['chefe.obras', 'admin.geral']) {
      expect((await details(allowed, doc.id)).body).toMatchObject({ processId: process.id, processName: SUBJECT });
      expect((await documents(allowed, `?processId=${pid(process.id)}`)).map((d) => d.id)).toEqual([doc.id]);
      expect((await documents(allowed, '?q=desvio%20de%20merenda')).map((d) => d.id)).toEqual([doc.id]);
    }

    // func.obras reads the document (department access) but is not on the process's access list.
    const seen = await details('func.obras', doc.id);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: doc.id, processId: null, processName: null });
    const listed = (await documents('func.obras')).find((d) => d.id === doc.id);
    expect(listed).toMatchObject({ processId: null, processName: null });
    expect(await documents('func.obras', `?processId=${pid(process.id)}`)).toEqual([]);
    expect(await documents('func.obras', '?q=desvio%20de%20merenda')).toEqual([]);
    expect(
      JSON.stringify((await api(server.url, 'GET', '/documents', { token: s['func.obras'].token })).body),
    ).not.toContain(process.id);
  });

  it('hides the process from the document as soon as the process becomes confidential', async () => {
    const process = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: 'Obra da creche do bairro Sul',
      destinationDepartment: 'Infraestrutura',
    });
    const doc = (
      await api<DocumentView>(server.url, 'POST', '/documents', {
        token: s['chefe.obras'].token,
        body: { title: 'Memorial da creche', content: 'Memorial.', processId: process.id },
      })
    ).body;
    expect((await details('func.obras', doc.id)).body).toMatchObject({
      processId: process.id,
      processName: 'Obra da creche do bairro Sul',
    });
    expect((await documents('func.obras', '?q=creche%20do%20bairro')).map((d) => d.id)).toEqual([doc.id]);

    const toggled = await api(server.url, 'PATCH', `/processes/${pid(process.id)}/toggle-confidential`, {
      token: s['admin.geral'].token,
      body: { confidential: true, confidentialAccess: [s['chefe.obras'].user.id] },
    });
    expect(toggled.status).toBe(200);

    expect((await details('func.obras', doc.id)).body).toMatchObject({ processId: null, processName: null });
    expect(await documents('func.obras', '?q=creche%20do%20bairro')).toEqual([]);
    expect(await documents('func.obras', `?processId=${pid(process.id)}`)).toEqual([]);
    expect((await details('chefe.obras', doc.id)).body).toMatchObject({
      processId: process.id,
      processName: 'Obra da creche do bairro Sul',
    });
  });
});
