import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from '#server/config/env';
import type { DocumentView, SignDocumentResponse, VerificationResult } from '#server/contracts/documents';
import { DocumentSignatureEntity, OutboxEventEntity } from '#server/database/entities/index';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const storedPath = (fileName: string) => path.resolve(loadEnv().STORAGE_DIR, 'files', fileName);

describe('documents: simple signature, signing flow and public verification', () => {
  const { server } = useServerSuite();
  let author: { token: string; user: { id: string } };

  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await api<DocumentView>(server.url, 'POST', '/documents', { token, body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const sign = (token: string, id: string, password = TEST_PASSWORD) =>
    api<SignDocumentResponse>(server.url, 'POST', `/documents/${id}/sign`, {
      token,
      body: { signatureType: 'simple', certificateType: 'password', password },
    });
  const verify = (id: string, code: string) =>
    api<VerificationResult>(server.url, 'GET', `/documents/${id}/verify/${encodeURIComponent(code)}`);

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'ana.autora', name: 'Ana Autora', department: 'Financeiro' });
    author = await login(server.url, 'ana.autora', TEST_PASSWORD);
  });

  it('creates a text document as a .txt named after the title, in draft, limited to the creator department', async () => {
    const content = `Senhor Secretário,\n${'Solicito providências. '.repeat(10)}`;
    const doc = await create(author.token, { title: 'Ofício 12/2026', content });
    expect(doc).toMatchObject({
      title: 'Ofício 12/2026',
      name: 'Ofício 12-2026.txt',
      extension: 'txt',
      status: 'draft',
      department: 'Financeiro',
      departmentAccess: ['Financeiro'],
      confidential: false,
      editable: true,
      canSign: true,
      signatures: [],
      verificationCode: null,
    });
    expect(doc.protocolNumber).toMatch(new RegExp(`^DOC-${new Date().getFullYear()}-[1-9]\\d{4}$`));
    expect(doc.description).toBe(`${Array.from(content.replace(/\s+/g, ' ')).slice(0, 100).join('')}...`);
    const text = await api(server.url, 'GET', `/uploads/${doc.fileName}/content`, { token: author.token });
    expect(text.body).toEqual({ content });

    const untitled = await api(server.url, 'POST', '/documents', {
      token: author.token,
      body: { title: ' ', content: 'x' },
    });
    expect(untitled.status).toBe(400);
    expect(untitled.body).toMatchObject({ message: 'Por favor, informe um título para o documento.' });
  });

  it('signs with the password, then anyone with the code verifies it without logging in', async () => {
    const doc = await create(author.token, { title: 'Portaria 7', content: 'Art. 1º Fica nomeado...' });

    const missing = await api(server.url, 'POST', `/documents/${doc.id}/sign`, {
      token: author.token,
      body: { signatureType: 'simple', certificateType: 'password' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'Por favor, informe sua senha para continuar.' });
    const wrong = await sign(author.token, doc.id, 'senha-errada');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Senha incorreta.' });
    expect(await server.dataSource.getRepository(DocumentSignatureEntity).countBy({ documentId: doc.id })).toBe(0);

    const signed = await sign(author.token, doc.id);
    expect(signed.status).toBe(200);
    const { verificationCode, signature, document } = signed.body;
    expect(Buffer.from(verificationCode, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(signed.body.verificationPath).toBe(`/verify-signature?documentId=${doc.id}&code=${verificationCode}`);
    const bytes = await readFile(storedPath(doc.fileName));
    expect(signature).toMatchObject({
      userName: 'Ana Autora',
      userDepartment: 'Financeiro',
      signatureType: 'simple',
      certificateType: 'password',
      hashValue: sha256(bytes),
    });
    expect(document).toMatchObject({ status: 'signed', editable: false, canSign: false });

    const result = await verify(doc.id, verificationCode);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      valid: true,
      document: { id: doc.id, title: 'Portaria 7', protocolNumber: doc.protocolNumber, hasSignedPdf: false },
      signature: {
        userName: 'Ana Autora',
        userDepartment: 'Financeiro',
        date: signature.date,
        signatureType: 'simple',
        certificateType: 'password',
        hashValue: sha256(bytes),
        certificate: null,
      },
      signatures: [expect.objectContaining({ userName: 'Ana Autora' })],
    });
    // The code holder downloads the exact bytes that were signed.
    const file = await fetch(`${server.url}/api/documents/${doc.id}/verify/${verificationCode}/file`);
    expect(file.status).toBe(200);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(bytes));

    // A signed document cannot be signed again nor changed, through any route.
    expect((await sign(author.token, doc.id)).status).toBe(409);
    const edit = await api(server.url, 'PATCH', `/documents/${doc.id}`, {
      token: author.token,
      body: { title: 'Portaria 7', content: 'outro texto' },
    });
    expect(edit.status).toBe(409);
    const put = await api(server.url, 'PUT', `/uploads/${doc.fileName}/content`, {
      token: author.token,
      body: { content: 'outro texto' },
    });
    expect(put.status).toBe(409);
    expect(sha256(await readFile(storedPath(doc.fileName)))).toBe(sha256(bytes));
  });

  it('answers "Assinatura inválida ou não encontrada" for a changed file, a wrong code and an unknown id', async () => {
    const doc = await create(author.token, { title: 'Edital 3', content: 'Texto original do edital.' });
    const { verificationCode } = (await sign(author.token, doc.id)).body;
    const invalid = { valid: false, message: 'Assinatura inválida ou não encontrada' };

    expect((await verify(doc.id, `${verificationCode}x`)).body).toEqual(invalid);
    expect((await verify('3f1e9a52-0c55-4c4e-9d1e-0b7e3f7e2a11', verificationCode)).body).toEqual(invalid);
    expect((await verify('nao-e-um-id', verificationCode)).body).toEqual(invalid);
    expect((await verify(doc.id, verificationCode)).body).toMatchObject({ valid: true });

    // Someone edits the stored file behind the application's back.
    await writeFile(storedPath(doc.fileName), 'Texto alterado do edital.');
    expect((await verify(doc.id, verificationCode)).body).toEqual(invalid);
  });

  it('refuses an edited signature record (the server seal no longer verifies)', async () => {
    const doc = await create(author.token, { title: 'Ata 9', content: 'Reunião ordinária.' });
    const { verificationCode } = (await sign(author.token, doc.id)).body;
    await server.dataSource
      .getRepository(DocumentSignatureEntity)
      .update({ documentId: doc.id }, { signerName: 'Outra Pessoa' });
    expect((await verify(doc.id, verificationCode)).body).toMatchObject({ valid: false });
  });

  it('follows the signing flow in order: only the signer whose turn it is may sign', async () => {
    await createUser(server.dataSource, { username: 'bruno.primeiro', name: 'Bruno Primeiro', department: 'Jurídico' });
    await createUser(server.dataSource, { username: 'carla.segunda', name: 'Carla Segunda', department: 'Gabinete' });
    const bruno = await login(server.url, 'bruno.primeiro', TEST_PASSWORD);
    const carla = await login(server.url, 'carla.segunda', TEST_PASSWORD);
    const doc = await create(author.token, { title: 'Contrato 21', content: 'Cláusula primeira.' });

    // Before the flow exists Bruno does not even see it (other department).
    expect((await api(server.url, 'GET', `/documents/${doc.id}`, { token: bruno.token })).status).toBe(404);
    const notAuthor = await api(server.url, 'PUT', `/documents/${doc.id}/signing-flow`, {
      token: bruno.token,
      body: { userIds: [bruno.user.id] },
    });
    expect(notAuthor.status).toBe(404);

    const flow = await api<DocumentView>(server.url, 'PUT', `/documents/${doc.id}/signing-flow`, {
      token: author.token,
      body: { userIds: [bruno.user.id, carla.user.id] },
    });
    expect(flow.status).toBe(200);
    expect(flow.body.signingFlow.map((e) => [e.userName, e.signed, e.state])).toEqual([
      ['Bruno Primeiro', false, 'pending'],
      ['Carla Segunda', false, 'waiting'],
    ]);
    expect(flow.body.signatureRequest).toMatchObject({
      order: 'sequential',
      status: 'open',
      requestedBy: author.user.id,
    });
    expect(flow.body.canSign).toBe(false);

    const pendingIds = async (token: string) =>
      (await api<DocumentView[]>(server.url, 'GET', '/documents/pending-signatures', { token })).body.map((d) => d.id);
    expect(await pendingIds(bruno.token)).toEqual([doc.id]);
    expect(await pendingIds(carla.token)).toEqual([]);

    const early = await sign(carla.token, doc.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      message: 'Não é a sua vez de assinar este documento: aguarde a assinatura de quem vem antes.',
    });
    const outsider = await sign(author.token, doc.id);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({ message: 'Você não está entre os signatários deste documento.' });

    const first = await sign(bruno.token, doc.id);
    expect(first.status).toBe(200);
    expect(first.body.document.status).toBe('draft');
    expect(await pendingIds(bruno.token)).toEqual([]);
    expect(await pendingIds(carla.token)).toEqual([doc.id]);
    // The flow is frozen once someone signed.
    const late = await api(server.url, 'PUT', `/documents/${doc.id}/signing-flow`, {
      token: author.token,
      body: { userIds: [carla.user.id] },
    });
    expect(late.status).toBe(409);

    const second = await sign(carla.token, doc.id);
    expect(second.status).toBe(200);
    expect(second.body.document.status).toBe('signed');
    expect(second.body.verificationCode).toBe(first.body.verificationCode);
    const result = await verify(doc.id, second.body.verificationCode);
    expect(result.body).toMatchObject({ valid: true, signature: { userName: 'Carla Segunda' } });
    expect((result.body as { signatures: unknown[] }).signatures).toHaveLength(2);

    const events = await server.dataSource
      .getRepository(OutboxEventEntity)
      .find({ where: [{ type: 'document.signed' }, { type: 'document.signature-requested' }], order: { id: 'ASC' } });
    const forDoc = events.filter((e) => (e.payload as { documentId: string }).documentId === doc.id);
    expect(forDoc.map((e) => [e.type, (e.payload as { signerId: string }).signerId])).toEqual([
      ['document.signature-requested', bruno.user.id],
      ['document.signed', bruno.user.id],
      ['document.signature-requested', carla.user.id],
      ['document.signed', carla.user.id],
    ]);
  });

  it('moves status draft → submitted → approved only for the allowed people', async () => {
    await createUser(server.dataSource, { username: 'chefe.fin', department: 'Financeiro', level: 'Chefia' });
    await createUser(server.dataSource, { username: 'colega.fin', department: 'Financeiro' });
    const chefe = await login(server.url, 'chefe.fin', TEST_PASSWORD);
    const colega = await login(server.url, 'colega.fin', TEST_PASSWORD);
    const doc = await create(author.token, { title: 'Memorando 5', content: 'Conteúdo.' });
    const setStatus = (token: string, status: string) =>
      api<DocumentView>(server.url, 'PATCH', `/documents/${doc.id}/status`, { token, body: { status } });

    expect((await setStatus(author.token, 'approved')).status).toBe(409);
    expect((await setStatus(colega.token, 'submitted')).status).toBe(403);
    expect((await setStatus(author.token, 'submitted')).body.status).toBe('submitted');
    expect((await setStatus(author.token, 'approved')).status).toBe(403);
    expect((await setStatus(colega.token, 'rejected')).status).toBe(403);
    expect((await setStatus(chefe.token, 'approved')).body.status).toBe('approved');
    expect((await setStatus(chefe.token, 'signed')).status).toBe(400);
  });

  it('rate-limits public verification per address with 429', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await verify('3f1e9a52-0c55-4c4e-9d1e-0b7e3f7e2a11', 'x')).status;
    expect(last).toBe(429);
  });
});
