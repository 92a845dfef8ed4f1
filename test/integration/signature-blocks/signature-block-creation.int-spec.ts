import { IsNull } from 'typeorm';
import type { DocumentView, SignDocumentResponse } from '#server/contracts/documents';
import {
  SIGNATURE_BLOCK_MESSAGES as M,
  type SignatureBlockSummary,
  type SignatureBlockView,
  type SignBlockResponse,
} from '#server/contracts/signature-blocks';
import { NotificationEntity, OutboxEventEntity, SignatureRequestEntity } from '#server/database/entities/index';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * Creating a block is one transaction — all its documents' signing flows and the block, or nothing —
 * and each signer is told once for the whole block, not once per document
 * (docs/documents.md#signature-blocks).
 */
describe('signature blocks: created atomically, each signer told once', () => {
  const { server } = useServerSuite({ worker: true });
  const s: Record<string, Session> = {};
  const simple = { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD };

  const createDoc = async (title: string) => {
    const res = await api<DocumentView>(server.url, 'POST', '/documents', {
      token: s.autor.token,
      body: { title, content: `Conteúdo de ${title}.` },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const createBlock = (body: Record<string, unknown>) =>
    api<SignatureBlockView>(server.url, 'POST', '/signature-blocks', { token: s.autor.token, body });
  const requestsOf = (documentId: string) =>
    server.dataSource.getRepository(SignatureRequestEntity).countBy({ documentId });
  const notificationsOf = (userId: string) =>
    server.dataSource.getRepository(NotificationEntity).find({ where: { userId } });
  const relayed = async () =>
    (await server.dataSource.getRepository(OutboxEventEntity).countBy({ processedAt: IsNull() })) === 0;

  beforeAll(async () => {
    const seeds = [
      ['autor', 'Tânia Técnica', 'Funcionário'],
      ['primeiro', 'Sérgio Secretário', 'Chefia'],
      ['segundo', 'Paula Prefeita', 'Chefia'],
    ] as const;
    for (const [key, name, level] of seeds) {
      await createUser(server.dataSource, { username: `${key}.bloco`, name, department: 'Administração', level });
      s[key] = await login(server.url, `${key}.bloco`, TEST_PASSWORD);
    }
  });

  it('a block with an unknown document in the middle creates nothing (400 in pt-BR)', async () => {
    const [first, last] = [await createDoc('Ofício 1'), await createDoc('Ofício 2')];
    const res = await createBlock({
      name: 'Atos incompletos',
      documentIds: [first.id, crypto.randomUUID(), last.id],
      signers: [s.primeiro.user.id],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: M.documentNotFound });
    expect([await requestsOf(first.id), await requestsOf(last.id)]).toEqual([0, 0]);
  });

  it('a document that cannot take the flow, in the middle, rolls back the flows already set and the block (409 in pt-BR)', async () => {
    const docs = [await createDoc('Portaria A'), await createDoc('Portaria B'), await createDoc('Portaria C')];
    // The one signed meanwhile comes last in the locking order (by id): the others are set before it fails.
    const signed = [...docs].sort((a, b) => a.id.localeCompare(b.id))[2];
    const mine = await api<SignDocumentResponse>(server.url, 'POST', `/documents/${signed.id}/sign`, {
      token: s.autor.token,
      body: simple,
    });
    expect(mine.status).toBe(200);
    const others = docs.filter((d) => d.id !== signed.id);

    const res = await createBlock({
      name: 'Atos com um assinado',
      documentIds: [others[0].id, signed.id, others[1].id],
      signers: [s.primeiro.user.id, s.segundo.user.id],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'O fluxo de assinatura não pode mais ser alterado.' });
    expect(await Promise.all(others.map((d) => requestsOf(d.id)))).toEqual([0, 0]);
    const list = await api<SignatureBlockSummary[]>(server.url, 'GET', '/signature-blocks', { token: s.autor.token });
    expect(list.body.map((b) => b.name)).not.toContain('Atos com um assinado');
    await eventually(relayed, 'o envio dos eventos pendentes');
    expect((await notificationsOf(s.primeiro.user.id)).filter((n) => n.message.includes('Portaria'))).toEqual([]);
  });

  it('a good block tells each signer exactly once, also when the turn passes to the next signer', async () => {
    const docs = [await createDoc('Decreto 1'), await createDoc('Decreto 2'), await createDoc('Decreto 3')];
    const res = await createBlock({
      name: 'Atos de sexta',
      documentIds: docs.map((d) => d.id),
      signers: [s.primeiro.user.id, s.segundo.user.id],
    });
    expect(res.status).toBe(201);
    const link = `/semgi/signature-blocks/${res.body.id}`;
    const asked = "Bloco de assinatura 'Atos de sexta' com 3 documentos aguarda sua assinatura.";
    const told = async (who: Session) => (await notificationsOf(who.user.id)).filter((n) => n.link === link);

    await eventually(async () => (await told(s.segundo)).length > 0, 'o aviso do bloco ao segundo signatário');
    await eventually(relayed, 'o envio dos eventos pendentes');
    expect((await told(s.primeiro)).map((n) => [n.title, n.message])).toEqual([['Bloco de assinatura', asked]]);
    expect((await told(s.segundo)).map((n) => n.message)).toEqual([
      `${asked} Você é o 2º de 2 signatários: assine após os anteriores.`,
    ]);

    const first = await api<SignBlockResponse>(server.url, 'POST', `/signature-blocks/${res.body.id}/sign`, {
      token: s.primeiro.token,
      body: simple,
    });
    expect(first.body.signed).toBe(3);
    const pending = await api<DocumentView[]>(server.url, 'GET', '/signatures/pending', { token: s.segundo.token });
    expect(pending.body.map((d) => d.id).sort()).toEqual(docs.map((d) => d.id).sort());
    await eventually(relayed, 'o envio dos eventos das assinaturas');
    // No notification per document: neither at creation nor when the turn passed.
    for (const who of [s.primeiro, s.segundo]) {
      const all = await notificationsOf(who.user.id);
      expect(all.filter((n) => n.title === 'Assinatura solicitada')).toEqual([]);
      expect(all.filter((n) => n.link === link)).toHaveLength(1);
    }
  });
});
