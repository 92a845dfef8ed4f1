import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from '#server/config/env';
import type { DocumentView } from '#server/contracts/documents';
import {
  SIGNATURE_BLOCK_MESSAGES as M,
  type SignatureBlockProgressPayload,
  type SignatureBlockSummary,
  type SignatureBlockView,
  type SignBlockResponse,
} from '#server/contracts/signature-blocks';
import { AuditLogEntity, DocumentSignatureEntity } from '#server/database/entities/index';
import { SIGNING_MESSAGES } from '#server/modules/documents/signing/document-signing.service';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

describe('signature blocks: many documents, one password', () => {
  const { server } = useServerSuite();
  const s: Record<string, Session> = {};

  const createDoc = async (who: Session, title: string, extra: Record<string, unknown> = {}) => {
    const res = await api<DocumentView>(server.url, 'POST', '/documents', {
      token: who.token,
      body: { title, content: `Conteúdo de ${title}.`, ...extra },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const createBlock = (who: Session, body: Record<string, unknown>) =>
    api<SignatureBlockView>(server.url, 'POST', '/signature-blocks', { token: who.token, body });
  const signBlock = (who: Session, id: string, password = TEST_PASSWORD) =>
    api<SignBlockResponse>(server.url, 'POST', `/signature-blocks/${id}/sign`, {
      token: who.token,
      body: { signatureType: 'simple', certificateType: 'password', password },
    });
  const signatureCount = (documentId: string) =>
    server.dataSource.getRepository(DocumentSignatureEntity).countBy({ documentId });
  const docsOf = async (who: Session, count: number, prefix: string) => {
    const docs: DocumentView[] = [];
    for (let i = 1; i <= count; i++) docs.push(await createDoc(who, `${prefix} ${i}`));
    return docs;
  };

  beforeAll(async () => {
    const seeds = [
      { username: 'tecnico.adm', name: 'Tânia Técnica', department: 'Administração' },
      { username: 'secretaria.adm', name: 'Sérgio Secretário', department: 'Administração', level: 'Chefia' as const },
      { username: 'chefe.adm', name: 'Clara Chefe', department: 'Administração', level: 'Chefia' as const },
      { username: 'colega.adm', name: 'Carlos Colega', department: 'Administração' },
      { username: 'fora.fin', name: 'Fábio de Fora', department: 'Financeiro' },
    ];
    for (const seed of seeds) {
      await createUser(server.dataSource, seed);
      s[seed.username] = await login(server.url, seed.username, TEST_PASSWORD);
    }
  });

  it('signs every document with one password: one signature and one audit row each, progress pushed live', async () => {
    const author = s['tecnico.adm'];
    const secretary = s['secretaria.adm'];
    const docs = await docsOf(author, 3, 'Portaria');
    const created = await createBlock(author, {
      name: '  Atos do dia  ',
      documentIds: docs.map((d) => d.id),
      signers: [secretary.user.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Atos do dia',
      status: 'open',
      documentCount: 3,
      signedCount: 0,
      isSigner: false,
      createdBy: { id: author.user.id, name: 'Tânia Técnica' },
      signers: [{ id: secretary.user.id, name: 'Sérgio Secretário', department: 'Administração' }],
    });
    expect(created.body.documents.map((d) => [d.position, d.title, d.visible])).toEqual([
      [0, 'Portaria 1', true],
      [1, 'Portaria 2', true],
      [2, 'Portaria 3', true],
    ]);
    // Each document's signing flow is now the block's signers.
    const flow = await api<DocumentView>(server.url, 'GET', `/documents/${docs[0].id}`, { token: author.token });
    expect(flow.body.signingFlow.map((e) => e.userId)).toEqual([secretary.user.id]);

    const listed = await api<SignatureBlockSummary[]>(server.url, 'GET', '/signature-blocks', {
      token: secretary.token,
    });
    expect(listed.body).toEqual([
      expect.objectContaining({ id: created.body.id, isSigner: true, myPendingCount: 3, documentCount: 3 }),
    ]);

    const wrong = await signBlock(secretary, created.body.id, 'senha-errada');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Senha incorreta.' });
    for (const doc of docs) expect(await signatureCount(doc.id)).toBe(0);

    const socket = await connectSocket(server.url, secretary.token);
    const progress: SignatureBlockProgressPayload[] = [];
    socket.on('signature-block:progress', (payload) => progress.push(payload));
    try {
      const signed = await signBlock(secretary, created.body.id);
      expect(signed.status).toBe(200);
      expect(signed.body).toMatchObject({
        message: 'Assinatura em bloco concluída: 3 documento(s) assinado(s).',
        signed: 3,
        failed: 0,
        block: { status: 'completed', signedCount: 3, myPendingCount: 0 },
      });
      expect(signed.body.results).toEqual(
        docs.map((d) => ({ documentId: d.id, state: 'signed', reason: null, alreadySigned: false })),
      );
      await eventually(() => progress.length === 3, 'three progress events');
      expect(progress.map((p) => [p.blockId, p.done, p.total])).toEqual([
        [created.body.id, 1, 3],
        [created.body.id, 2, 3],
        [created.body.id, 3, 3],
      ]);
    } finally {
      socket.close();
    }
    for (const doc of docs) {
      expect(await signatureCount(doc.id)).toBe(1);
      const audits = await server.dataSource
        .getRepository(AuditLogEntity)
        .countBy({ entityType: 'document', entityId: doc.id, action: 'sign' });
      expect(audits).toBe(1);
      const view = await api<DocumentView>(server.url, 'GET', `/documents/${doc.id}`, { token: author.token });
      expect(view.body).toMatchObject({
        status: 'signed',
        signatures: [expect.objectContaining({ userId: secretary.user.id })],
      });
    }

    // Signing again signs nothing twice.
    const again = await signBlock(secretary, created.body.id);
    expect(again.status).toBe(200);
    expect(again.body.results.every((r) => r.state === 'signed' && r.alreadySigned)).toBe(true);
    for (const doc of docs) expect(await signatureCount(doc.id)).toBe(1);
  });

  it('records a broken document as failed with its reason and signs the others', async () => {
    const author = s['tecnico.adm'];
    const secretary = s['secretaria.adm'];
    const docs = await docsOf(author, 3, 'Ofício');
    const block = (
      await createBlock(author, { name: 'Ofícios', documentIds: docs.map((d) => d.id), signers: [secretary.user.id] })
    ).body;
    // The middle document's stored bytes no longer match the recorded hash.
    await writeFile(path.resolve(loadEnv().STORAGE_DIR, 'files', docs[1].fileName), 'Texto adulterado.');

    const res = await signBlock(secretary, block.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      signed: 2,
      failed: 1,
      message: 'Assinatura em bloco concluída: 2 documento(s) assinado(s), 1 com falha.',
      block: { status: 'open', signedCount: 2, myPendingCount: 1 },
    });
    expect(res.body.results.map((r) => [r.documentId, r.state, r.reason])).toEqual([
      [docs[0].id, 'signed', null],
      [docs[1].id, 'failed', SIGNING_MESSAGES.corrupted],
      [docs[2].id, 'signed', null],
    ]);
    expect(res.body.block.documents[1].results).toEqual([
      { userId: secretary.user.id, state: 'failed', reason: SIGNING_MESSAGES.corrupted, signedAt: null },
    ]);
    expect([
      await signatureCount(docs[0].id),
      await signatureCount(docs[1].id),
      await signatureCount(docs[2].id),
    ]).toEqual([1, 0, 1]);
  });

  it('follows the signers order: a later signer fails with the turn message until the earlier one has signed', async () => {
    const author = s['tecnico.adm'];
    const [first, second] = [s['chefe.adm'], s['secretaria.adm']];
    const docs = await docsOf(author, 2, 'Contrato');
    const block = (
      await createBlock(author, {
        name: 'Contratos',
        documentIds: docs.map((d) => d.id),
        signers: [first.user.id, second.user.id],
      })
    ).body;

    const early = await signBlock(second, block.id);
    expect(early.body.results.map((r) => [r.state, r.reason])).toEqual([
      ['failed', SIGNING_MESSAGES.notYourTurn],
      ['failed', SIGNING_MESSAGES.notYourTurn],
    ]);
    expect((await signBlock(first, block.id)).body.signed).toBe(2);
    const late = await signBlock(second, block.id);
    expect(late.body).toMatchObject({ signed: 2, failed: 0, block: { status: 'completed', signedCount: 2 } });
    for (const doc of docs) expect(await signatureCount(doc.id)).toBe(2);
  });

  it('signs each document exactly once when the same block is signed twice at once', async () => {
    const author = s['tecnico.adm'];
    const secretary = s['secretaria.adm'];
    const docs = await docsOf(author, 6, 'Despacho');
    const block = (
      await createBlock(author, { name: 'Despachos', documentIds: docs.map((d) => d.id), signers: [secretary.user.id] })
    ).body;

    const [a, b] = await Promise.all([signBlock(secretary, block.id), signBlock(secretary, block.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const doc of docs) {
      expect(await signatureCount(doc.id)).toBe(1);
      const outcomes = [a, b].map((res) => res.body.results.find((r) => r.documentId === doc.id)!);
      expect(outcomes.every((r) => r.state === 'signed' && r.reason === null)).toBe(true);
      // One call signed it; the other reports it as already signed, not as an error.
      expect(outcomes.map((r) => r.alreadySigned).sort()).toEqual([false, true]);
    }
  });

  it('answers bad input with 400 in pt-BR', async () => {
    const author = s['tecnico.adm'];
    const [doc] = await docsOf(author, 1, 'Memorando');
    const elsewhere = await createDoc(s['fora.fin'], 'Nota do Financeiro');
    const signers = [s['secretaria.adm'].user.id];
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', documentIds: [doc.id], signers }, M.nameRequired],
      [{ documentIds: [doc.id], signers }, M.nameRequired],
      [{ name: 'x'.repeat(121), documentIds: [doc.id], signers }, M.nameTooLong],
      [{ name: 'Bloco', documentIds: [], signers }, M.documentsRequired],
      [{ name: 'Bloco', signers }, M.documentsRequired],
      [{ name: 'Bloco', documentIds: ['abc'], signers }, M.documentInvalid],
      [{ name: 'Bloco', documentIds: [doc.id, doc.id], signers }, M.duplicateDocument],
      [{ name: 'Bloco', documentIds: [crypto.randomUUID()], signers }, M.documentNotFound],
      [{ name: 'Bloco', documentIds: [doc.id, elsewhere.id], signers }, M.documentNotFound],
      [{ name: 'Bloco', documentIds: [doc.id], signers: [] }, M.signersRequired],
      [{ name: 'Bloco', documentIds: [doc.id] }, M.signersRequired],
      [{ name: 'Bloco', documentIds: [doc.id], signers: [signers[0], signers[0]] }, M.duplicateSigner],
      [{ name: 'Bloco', documentIds: [doc.id], signers: [crypto.randomUUID()] }, M.signerNotFound],
      [{ name: 'Bloco', documentIds: [doc.id], signers: ['fulano'] }, M.signerInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await createBlock(author, body);
      expect({ body, status: res.status, message: (res.body as unknown as { message: string }).message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    // Nothing was changed by the refused requests.
    const untouched = await api<DocumentView>(server.url, 'GET', `/documents/${doc.id}`, { token: author.token });
    expect(untouched.body.signingFlow).toEqual([]);
    const list = await api<SignatureBlockSummary[]>(server.url, 'GET', '/signature-blocks', { token: author.token });
    expect(list.body.map((b) => b.name)).not.toContain('Bloco');
    // A document the creator sees but did not write: 403, and its flow stays as it was.
    const colleagues = await createDoc(s['colega.adm'], 'Minuta do colega');
    const foreign = await createBlock(author, { name: 'Bloco', documentIds: [colleagues.id], signers });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ message: M.notDocumentManager });
  });

  it('shows a block only to its creator and signers; only signers sign it', async () => {
    const author = s['tecnico.adm'];
    const [doc] = await docsOf(author, 1, 'Edital');
    const block = (
      await createBlock(author, { name: 'Editais', documentIds: [doc.id], signers: [s['secretaria.adm'].user.id] })
    ).body;
    const outsider = s['colega.adm'];
    for (const [method, url] of [
      ['GET', `/signature-blocks/${block.id}`],
      ['POST', `/signature-blocks/${block.id}/sign`],
      ['GET', `/signature-blocks/${crypto.randomUUID()}`],
      ['GET', '/signature-blocks/nao-e-um-id'],
    ] as const) {
      const res = await api(server.url, method, url, {
        token: outsider.token,
        body:
          method === 'POST'
            ? { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD }
            : undefined,
      });
      expect({ url, status: res.status, body: res.body }).toMatchObject({
        url,
        status: 404,
        body: { message: M.notFound },
      });
    }
    const list = await api<SignatureBlockSummary[]>(server.url, 'GET', '/signature-blocks', { token: outsider.token });
    expect(list.body).toEqual([]);
    const byCreator = await signBlock(author, block.id);
    expect(byCreator.status).toBe(403);
    expect(byCreator.body).toMatchObject({ message: M.notASigner });
    expect((await api(server.url, 'GET', `/signature-blocks/${block.id}`)).status).toBe(401);
  });

  it('never shows a confidential document’s title to a block member who no longer has access to it', async () => {
    const chief = s['chefe.adm'];
    const signer = s['colega.adm'];
    const secret = await createDoc(chief, 'Sindicância sobre o servidor X', {
      confidential: true,
      departmentAccess: ['Administração'],
      confidentialAccess: [signer.user.id],
    });
    const open = await createDoc(chief, 'Aviso de férias');
    const block = (
      await createBlock(chief, { name: 'Pendências', documentIds: [secret.id, open.id], signers: [signer.user.id] })
    ).body;
    // While on the access list, the signer sees it; then the access is revoked and the author takes
    // them out of the signing flow.
    const seen = await api<SignatureBlockView>(server.url, 'GET', `/signature-blocks/${block.id}`, {
      token: signer.token,
    });
    expect(seen.body.documents[0]).toMatchObject({ visible: true, title: 'Sindicância sobre o servidor X' });
    const reset = await api(server.url, 'PUT', `/documents/${secret.id}/signing-flow`, {
      token: chief.token,
      body: { userIds: [chief.user.id] },
    });
    expect(reset.status).toBe(200);
    for (const table of ['document_confidential_access', 'document_signing_flow']) {
      await server.dataSource.query(`DELETE FROM ${table} WHERE document_id = $1 AND user_id = $2`, [
        secret.id,
        signer.user.id,
      ]);
    }

    const view = await api<SignatureBlockView>(server.url, 'GET', `/signature-blocks/${block.id}`, {
      token: signer.token,
    });
    expect(view.status).toBe(200);
    expect(view.body.documents[0]).toEqual({
      documentId: secret.id,
      position: 0,
      visible: false,
      title: null,
      protocolNumber: null,
      processName: null,
      results: [expect.objectContaining({ userId: signer.user.id, state: 'pending' })],
    });
    const signed = await signBlock(signer, block.id);
    expect(signed.body.results.map((r) => [r.state, r.reason])).toEqual([
      ['failed', 'Documento não encontrado.'],
      ['signed', null],
    ]);
    for (const body of [view.body, signed.body]) {
      expect(JSON.stringify(body)).not.toMatch(/Sindicância|servidor X/);
      expect(JSON.stringify(body)).not.toContain(secret.protocolNumber);
    }
  });
});
