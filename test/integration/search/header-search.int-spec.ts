import type { DocumentView } from '#server/contracts/documents';
import type { ProcessListResponse } from '#server/contracts/processes';
import type { SearchResponse } from '#server/contracts/search';
import { SEARCH_EXPRESSIONS as E } from '#server/domain/search/text-search';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * GET /search (the header search) and GET /documents?q=: accent- and case-insensitive Portuguese
 * search, indexed, under every visibility rule of processes and documents.
 */
describe('header search', () => {
  const { server } = useServerSuite();
  const s: Record<string, Session> = {};

  const search = async (username: string, q: string) => {
    const res = await api<SearchResponse>(server.url, 'GET', `/search?q=${encodeURIComponent(q)}`, {
      token: s[username].token,
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const processIds = (result: SearchResponse) => result.processes.items.map((p) => p.id);
  const documentIds = (result: SearchResponse) => result.documents.items.map((d) => d.id);
  const documentsList = async (username: string, q: string) =>
    (
      await api<DocumentView[]>(server.url, 'GET', `/documents?q=${encodeURIComponent(q)}`, {
        token: s[username].token,
      })
    ).body.map((d) => d.id);
  const newDocument = async (username: string, body: Record<string, unknown>) => {
    const res = await api<DocumentView>(server.url, 'POST', '/documents', { token: s[username].token, body });
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    for (const [username, seed] of [
      ['admin.busca', { department: 'Administração', role: 'admin' }],
      ['criador.juridico', { department: 'Jurídico' }],
      ['chefe.juridico', { department: 'Jurídico', level: 'Chefia' }],
      ['lista.obras', { department: 'Infraestrutura' }],
      ['outro.obras', { department: 'Infraestrutura' }],
      ['chefe.obras', { department: 'Infraestrutura', level: 'Chefia' }],
    ] as const) {
      await createUser(server.dataSource, { username, ...seed });
      s[username] = await login(server.url, username, TEST_PASSWORD);
    }
  });

  it("finds 'Ofício' when typing 'oficio' (processes, documents, the /documents and process list filters)", async () => {
    const process = await createProcessViaApi(server.url, s['criador.juridico'].token, {
      subject: 'Ofício nº 12 sobre a reforma da praça',
      description: 'Pedido da associação de moradores.',
    });
    const doc = await newDocument('criador.juridico', {
      title: 'Resposta ao OFÍCIO da Câmara',
      content: 'Encaminhamos as informações solicitadas.',
      departmentAccess: ['Infraestrutura'],
    });

    for (const typed of ['oficio', 'OFICIO', 'ofícios', 'ofic']) {
      const result = await search('outro.obras', typed);
      expect(processIds(result)).toContain(process.id);
      expect(documentIds(result)).toContain(doc.id);
      expect(result.processes.total).toBeGreaterThanOrEqual(1);
      expect(result.documents.total).toBeGreaterThanOrEqual(1);
    }
    expect(await documentsList('outro.obras', 'oficio da camara')).toEqual([doc.id]);
    const list = await api<ProcessListResponse>(server.url, 'GET', '/processes?q=oficio', {
      token: s['outro.obras'].token,
    });
    expect(list.body.data.processes.map((p) => p.id)).toContain(process.id);

    // Words of the description (full text, stemmed), a fragment of the NUP, the document's file name.
    expect(processIds(await search('outro.obras', 'associacao moradores'))).toEqual([process.id]);
    expect(processIds(await search('outro.obras', process.id.slice(6, 12)))).toContain(process.id);
    expect(documentIds(await search('outro.obras', 'camara.txt'))).toEqual([doc.id]);
  });

  it('never shows a confidential process to users who may not see it (admin, creator, access list only)', async () => {
    const secret = await createProcessViaApi(server.url, s['criador.juridico'].token, {
      subject: 'Apuração sigilosa de licitação irregular',
      destinationDepartment: 'Infraestrutura',
      confidential: true,
      confidentialAccess: [s['lista.obras'].user.id],
    });
    for (const allowed of ['admin.busca', 'criador.juridico', 'lista.obras']) {
      expect(processIds(await search(allowed, 'licitacao irregular'))).toEqual([secret.id]);
    }
    for (const outsider of ['outro.obras', 'chefe.obras']) {
      const result = await search(outsider, 'licitacao irregular');
      expect(result.processes).toEqual({ total: 0, totalIsLowerBound: false, items: [] });
      expect(processIds(await search(outsider, secret.id))).toEqual([]);
    }
  });

  it('never shows a confidential document to users who may not see it', async () => {
    const doc = await newDocument('chefe.juridico', {
      title: 'Parecer reservado sobre indenização',
      content: 'Texto reservado.',
      departmentAccess: ['Infraestrutura'],
      confidential: true,
      confidentialAccess: [s['lista.obras'].user.id],
    });
    // Creator, admin, access list, and (confidential + department access) the department's Chefia.
    for (const allowed of ['admin.busca', 'chefe.juridico', 'lista.obras', 'chefe.obras']) {
      expect(documentIds(await search(allowed, 'indenizacao'))).toEqual([doc.id]);
      expect(await documentsList(allowed, 'indenizacao')).toEqual([doc.id]);
    }
    // A Funcionário of a department with access, and a colleague of the creator without access.
    for (const outsider of ['outro.obras', 'criador.juridico']) {
      expect((await search(outsider, 'indenizacao')).documents).toEqual({
        total: 0,
        totalIsLowerBound: false,
        items: [],
      });
      expect(await documentsList(outsider, 'indenizacao')).toEqual([]);
    }
  });

  it("does not match a document by its confidential process's subject for outsiders", async () => {
    const secret = await createProcessViaApi(server.url, s['criador.juridico'].token, {
      subject: 'Denúncia anônima contra fiscal',
      destinationDepartment: 'Infraestrutura',
      confidential: true,
      confidentialAccess: [s['lista.obras'].user.id],
    });
    const doc = await newDocument('lista.obras', {
      title: 'Relatório de vistoria',
      content: 'Vistoria realizada.',
      departmentAccess: ['Infraestrutura'],
      processId: secret.id,
    });
    const insider = await search('lista.obras', 'denuncia anonima');
    expect(processIds(insider)).toEqual([secret.id]);
    expect(documentIds(insider)).toEqual([doc.id]);

    // outro.obras reads the document (department access) but may not see the process.
    expect(documentIds(await search('outro.obras', 'vistoria'))).toContain(doc.id);
    const outsider = await search('outro.obras', 'denuncia anonima');
    expect(outsider.processes.total).toBe(0);
    expect(outsider.documents.total).toBe(0);
    expect(JSON.stringify(await search('outro.obras', 'vistoria'))).not.toContain(secret.id);
    expect(await documentsList('outro.obras', 'denuncia')).toEqual([]);
  });

  it('answers 400 with a pt-BR message for an empty query or a NUL byte', async () => {
    const res = await api<{ message: string }>(server.url, 'GET', '/search?q=%20', { token: s['outro.obras'].token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Informe o que deseja buscar.');
    const nul = await api<{ message: string }>(server.url, 'GET', '/search?q=of%00icio', {
      token: s['outro.obras'].token,
    });
    expect(nul.status).toBe(400);
  });

  it('uses the full-text and trigram indexes', async () => {
    const plan = await server.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const explain = async (sql: string) =>
        (await manager.query<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`)).map((r) => r['QUERY PLAN']).join('\n');
      return [
        // The expressions the search runs (SEARCH_EXPRESSIONS), so a change to one must keep its index.
        await explain(
          `SELECT id FROM processes p WHERE ${E.processVector('p')} @@ to_tsquery('portuguese', 'oficio:*')`,
        ),
        await explain(
          `SELECT id FROM processes p WHERE ${E.processText('p')} LIKE '%' || semgi_search_normalize('ofic') || '%'`,
        ),
        await explain(
          `SELECT id FROM documents d WHERE ${E.documentVector('d')} @@ to_tsquery('portuguese', 'oficio:*')`,
        ),
        await explain(`SELECT id FROM documents d WHERE ${E.documentText('d')} LIKE '%ofic%'`),
        await explain(`SELECT id FROM stored_files sf WHERE ${E.fileName('sf')} LIKE '%ofic%'`),
      ].join('\n');
    });
    for (const index of [
      'processes_search_vector_idx',
      'processes_search_heading_idx',
      'documents_search_vector_idx',
      'documents_text_trgm_idx',
      'stored_files_name_trgm_idx',
    ]) {
      expect(plan).toContain(index);
    }
  });
});
