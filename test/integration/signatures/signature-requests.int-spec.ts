import type { DocumentView, SignDocumentResponse } from '#server/contracts/documents';
import type { SignatureRequestView } from '#server/contracts/signature-requests';
import { AuditLogEntity, NotificationEntity } from '#server/database/entities/index';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

describe('signature requests: order, parallel, refusal, cancel, signers, confidentiality, bad input', () => {
  const { server } = useServerSuite({ worker: true });
  const people: Record<string, Session> = {};

  const create = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await api<DocumentView>(server.url, 'POST', '/documents', {
      token,
      body: { title: 'Contrato 7/2026', content: 'Cláusula primeira.', ...body },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const ask = (token: string, docId: string, body: Record<string, unknown>) =>
    api<SignatureRequestView>(server.url, 'POST', `/documents/${docId}/signature-requests`, { token, body });
  const sign = (token: string, docId: string) =>
    api<SignDocumentResponse>(server.url, 'POST', `/documents/${docId}/sign`, {
      token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
  const pending = async (token: string, query = '') =>
    (await api<DocumentView[]>(server.url, 'GET', `/signatures/pending${query}`, { token })).body;
  const states = (view: { signingFlow?: unknown; signers?: unknown }) =>
    ((view.signingFlow ?? view.signers) as { userName: string; state: string }[]).map((s) => [s.userName, s.state]);
  const notificationsOf = (userId: string) =>
    server.dataSource.getRepository(NotificationEntity).find({ where: { userId }, order: { createdAt: 'ASC' } });

  beforeAll(async () => {
    const seeds = [
      ['ana', 'Ana Autora', 'Financeiro', 'Chefia'],
      ['bia', 'Bia Primeira', 'Jurídico', 'Funcionário'],
      ['caio', 'Caio Segundo', 'Gabinete', 'Funcionário'],
      ['davi', 'Davi Terceiro', 'Infraestrutura', 'Funcionário'],
      ['eva', 'Eva Chefe', 'Infraestrutura', 'Chefia'],
    ] as const;
    for (const [key, name, department, level] of seeds) {
      await createUser(server.dataSource, { username: `${key}.sig`, name, department, level });
      people[key] = await login(server.url, `${key}.sig`, TEST_PASSWORD);
    }
  });

  it('in order: only the pending signer signs, the third cannot sign before the second (409), each is asked in turn', async () => {
    const { ana, bia, caio, davi } = people;
    const doc = await create(ana.token);
    const res = await ask(ana.token, doc.id, {
      signers: [bia.user.id, caio.user.id, davi.user.id],
      order: 'sequential',
      deadline: { days: 5, unit: 'business' },
      message: 'Por favor, assinem até sexta.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      documentId: doc.id,
      order: 'sequential',
      status: 'open',
      requestedBy: ana.user.id,
      requestedByName: 'Ana Autora',
      message: 'Por favor, assinem até sexta.',
      deadline: { unit: 'business', state: 'on-time' },
    });
    expect(states(res.body)).toEqual([
      ['Bia Primeira', 'pending'],
      ['Caio Segundo', 'waiting'],
      ['Davi Terceiro', 'waiting'],
    ]);
    expect((await pending(bia.token)).map((d) => d.id)).toEqual([doc.id]);
    expect(await pending(caio.token)).toEqual([]);

    const early = await sign(davi.token, doc.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Não é a sua vez de assinar/);
    expect((await ask(ana.token, doc.id, { signers: [bia.user.id], order: 'parallel' })).status).toBe(409);

    expect((await sign(bia.token, doc.id)).status).toBe(200);
    // The document is locked for editing once the first signature exists.
    const edit = await api(server.url, 'PATCH', `/documents/${doc.id}`, {
      token: ana.token,
      body: { title: 'Contrato 7/2026', content: 'Outra cláusula.' },
    });
    expect(edit.status).toBe(409);
    expect((await sign(davi.token, doc.id)).status).toBe(409);
    const [waiting] = await pending(caio.token);
    expect(waiting.signatureRequest).toMatchObject({
      requestedByName: 'Ana Autora',
      message: 'Por favor, assinem até sexta.',
    });
    expect((await sign(caio.token, doc.id)).status).toBe(200);
    const last = await sign(davi.token, doc.id);
    expect(last.status).toBe(200);
    expect(last.body.document.status).toBe('signed');
    expect(last.body.document.signatureRequest).toMatchObject({ status: 'completed', deadline: { state: 'met' } });
    expect(states(last.body.document).map(([, s]) => s)).toEqual(['signed', 'signed', 'signed']);

    // Each signer was asked only when their turn came (relayed by the worker).
    for (const who of [bia, caio, davi]) {
      await eventually(
        async () => (await notificationsOf(who.user.id)).some((n) => n.title === 'Assinatura solicitada'),
        `o pedido de assinatura a ${who.user.name}`,
      );
    }
  });

  it('in parallel: everybody is pending at once and may sign in any order', async () => {
    const { ana, bia, caio } = people;
    const doc = await create(ana.token);
    const res = await ask(ana.token, doc.id, { signers: [bia.user.id, caio.user.id], order: 'parallel' });
    expect(states(res.body)).toEqual([
      ['Bia Primeira', 'pending'],
      ['Caio Segundo', 'pending'],
    ]);
    expect((await pending(caio.token)).map((d) => d.id)).toContain(doc.id);
    expect((await sign(caio.token, doc.id)).body.document.status).toBe('draft');
    expect((await sign(bia.token, doc.id)).body.document.status).toBe('signed');
  });

  it('a refusal needs a reason, stops the request and tells the requester', async () => {
    const { ana, bia, caio } = people;
    const doc = await create(ana.token, { title: 'Termo de cessão' });
    await ask(ana.token, doc.id, { signers: [bia.user.id, caio.user.id], order: 'sequential' });

    const noReason = await api(server.url, 'POST', `/documents/${doc.id}/refuse`, { token: bia.token, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Informe o motivo da recusa.');
    const early = await api(server.url, 'POST', `/documents/${doc.id}/refuse`, {
      token: caio.token,
      body: { reason: 'x' },
    });
    expect(early.status).toBe(409);

    const refused = await api<DocumentView>(server.url, 'POST', `/documents/${doc.id}/refuse`, {
      token: bia.token,
      body: { reason: 'Valor divergente do empenho.' },
    });
    expect(refused.status).toBe(200);
    expect(refused.body.signatureRequest?.status).toBe('refused');
    expect(refused.body.signingFlow[0]).toMatchObject({
      state: 'refused',
      refusalReason: 'Valor divergente do empenho.',
    });
    expect((await sign(caio.token, doc.id)).status).toBe(403);
    expect((await pending(bia.token)).map((d) => d.id)).not.toContain(doc.id);

    await eventually(
      async () =>
        (await notificationsOf(ana.user.id)).some(
          (n) =>
            n.title === 'Assinatura recusada' &&
            n.message ===
              'Bia Primeira recusou a assinatura do documento "Termo de cessão". Motivo: Valor divergente do empenho.',
        ),
      'o aviso da recusa a quem pediu',
    );
    const audit = await server.dataSource
      .getRepository(AuditLogEntity)
      .find({ where: { entityId: doc.id }, order: { createdAt: 'ASC' } });
    expect(audit.map((a) => a.description)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Assinaturas do documento DOC-.* solicitadas/),
        expect.stringMatching(/^Assinatura do documento DOC-.* recusada$/),
      ]),
    );
    // A new request may follow a refused one.
    expect((await ask(ana.token, doc.id, { signers: [caio.user.id], order: 'sequential' })).status).toBe(201);
  });

  it('the requester cancels, adds and removes signers who have not signed; others may not (403)', async () => {
    const { ana, bia, caio, davi } = people;
    const doc = await create(ana.token);
    const { body: request } = await ask(ana.token, doc.id, { signers: [bia.user.id], order: 'sequential' });

    const path = `/signature-requests/${request.id}`;
    expect((await api(server.url, 'POST', `${path}/cancel`, { token: bia.token })).status).toBe(403);
    const added = await api<SignatureRequestView>(server.url, 'POST', `${path}/signers`, {
      token: ana.token,
      body: { signers: [caio.user.id, davi.user.id] },
    });
    expect(added.status).toBe(200);
    expect(states(added.body)).toEqual([
      ['Bia Primeira', 'pending'],
      ['Caio Segundo', 'waiting'],
      ['Davi Terceiro', 'waiting'],
    ]);
    const again = await api(server.url, 'POST', `${path}/signers`, {
      token: ana.token,
      body: { signers: [bia.user.id] },
    });
    expect(again.status).toBe(400);

    expect((await sign(bia.token, doc.id)).status).toBe(200);
    const signedOne = await api(server.url, 'DELETE', `${path}/signers/${bia.user.id}`, { token: ana.token });
    expect(signedOne.status).toBe(409);
    expect(signedOne.body.message).toBe('Quem já assinou não pode ser removido da solicitação.');
    const removed = await api<SignatureRequestView>(server.url, 'DELETE', `${path}/signers/${caio.user.id}`, {
      token: ana.token,
    });
    expect(removed.status).toBe(200);
    expect(states(removed.body)).toEqual([
      ['Bia Primeira', 'signed'],
      ['Davi Terceiro', 'pending'],
    ]);
    expect((await pending(davi.token)).map((d) => d.id)).toContain(doc.id);

    const cancelled = await api<DocumentView>(server.url, 'POST', `${path}/cancel`, { token: ana.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.signatureRequest?.status).toBe('cancelled');
    expect((await pending(davi.token)).map((d) => d.id)).not.toContain(doc.id);
    expect((await sign(davi.token, doc.id)).status).toBe(403);
    expect((await api(server.url, 'POST', `${path}/cancel`, { token: ana.token })).status).toBe(409);
  });

  it("asks a department's Chefia, and filters the inbox by requester and process", async () => {
    const { ana, bia, eva } = people;
    const doc = await create(ana.token);
    const res = await ask(ana.token, doc.id, { signers: [{ department: 'Infraestrutura' }], order: 'sequential' });
    expect(res.status).toBe(201);
    expect(states(res.body)).toEqual([['Eva Chefe', 'pending']]);
    expect((await pending(eva.token, `?requesterId=${ana.user.id}`)).map((d) => d.id)).toContain(doc.id);
    expect(await pending(eva.token, `?requesterId=${bia.user.id}`)).toEqual([]);
    expect(await pending(eva.token, '?processId=PROC-INEXISTENTE')).toEqual([]);
    const alias = await api<DocumentView[]>(server.url, 'GET', '/documents/pending-signatures', { token: eva.token });
    expect(alias.body.map((d) => d.id)).toEqual((await pending(eva.token)).map((d) => d.id));

    const none = await ask(ana.token, (await create(ana.token)).id, {
      signers: [{ department: 'Licitações' }],
      order: 'parallel',
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('O departamento Licitações não tem Chefia ativa para assinar.');
  });

  it('confidential: someone outside the access list is refused; a signer is never told the subject', async () => {
    const { ana, bia, caio } = people;
    const doc = await create(ana.token, {
      title: 'Parecer reservado',
      confidential: true,
      confidentialAccess: [bia.user.id],
    });
    const outside = await ask(ana.token, doc.id, { signers: [bia.user.id, caio.user.id], order: 'sequential' });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(
      'Documento sigiloso: adicione Caio Segundo à lista de acesso antes de solicitar a assinatura.',
    );
    expect((await api(server.url, 'GET', `/documents/${doc.id}`, { token: caio.token })).status).toBe(404);

    expect((await ask(ana.token, doc.id, { signers: [bia.user.id], order: 'sequential' })).status).toBe(201);
    await eventually(
      async () =>
        (await notificationsOf(bia.user.id)).some(
          (n) => n.message === 'Sua assinatura foi solicitada em um documento sigiloso.',
        ),
      'o pedido sem assunto',
    );
    const all = await notificationsOf(bia.user.id);
    expect(all.every((n) => !n.message.includes('Parecer reservado') && !n.title.includes('Parecer reservado'))).toBe(
      true,
    );
  });

  it('answers bad input with 400 in pt-BR, and 403 to who may not manage the document', async () => {
    const { ana, bia } = people;
    const doc = await create(ana.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ signers: [], order: 'sequential' }, 'Informe ao menos um signatário.'],
      [
        { signers: ['3f1e9a52-0c55-4c4e-9d1e-0b7e3f7e2a11'], order: 'sequential' },
        'Signatário não encontrado ou inativo.',
      ],
      [
        { signers: [bia.user.id, bia.user.id], order: 'sequential' },
        'Um usuário aparece mais de uma vez entre os signatários.',
      ],
      [
        { signers: [bia.user.id], order: 'sequential', deadline: { date: '2020-01-02' } },
        'A data do prazo não pode estar no passado.',
      ],
      [
        { signers: [bia.user.id], order: 'qualquer' },
        'Ordem inválida: use sequential (sequencial) ou parallel (paralela).',
      ],
      [
        { signers: [bia.user.id], order: 'parallel', message: 'x'.repeat(1001) },
        'A mensagem pode ter no máximo 1000 caracteres.',
      ],
      [
        { signers: ['nao-e-id'], order: 'parallel' },
        'Signatário inválido: informe o id de um usuário ou {department} para a Chefia de um departamento.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await ask(ana.token, doc.id, body);
      expect([JSON.stringify(body).slice(0, 80), res.status, res.body.message]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
        message,
      ]);
    }
    const inactive = await createUser(server.dataSource, { status: 'inactive', department: 'Financeiro' });
    expect((await ask(ana.token, doc.id, { signers: [inactive.id], order: 'parallel' })).status).toBe(400);

    // A colleague of the department sees the document but may not ask for signatures.
    await createUser(server.dataSource, { username: 'colega.sig', department: 'Financeiro' });
    const colega = await login(server.url, 'colega.sig', TEST_PASSWORD);
    const forbidden = await ask(colega.token, doc.id, { signers: [bia.user.id], order: 'parallel' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Apenas o autor do documento ou um administrador pode solicitar assinaturas.');
    expect((await ask(bia.token, doc.id, { signers: [bia.user.id], order: 'parallel' })).status).toBe(404);
  });
});
