import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loadEnv } from '#server/config/env';
import type {
  CertificateInfo,
  DocumentView,
  SignDocumentResponse,
  VerificationResult,
} from '#server/contracts/documents';
import { DocumentEntity, NotificationEntity, StoredFileEntity } from '#server/database/entities/index';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { downloadVerifiedPdf, qualifiedSignatureForm } from '#test/factories/signing';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { expectValidPades, pdfsig } from '#test/setup/pdfsig';
import { useServerSuite } from '#test/setup/server-suite';
import { eventually } from '#test/setup/eventually';

const run = promisify(execFile);

describe('qualified signature with an A1 certificate (PAdES)', () => {
  const { server } = useServerSuite({ worker: true });
  let dir: string;
  const ca = createDemoCa();
  const mariaP12 = issueDemoA1(ca, { name: 'Maria Silva', password: '1234' });
  const joaoP12 = issueDemoA1(ca, { name: 'João Souza', password: 'abcd' });

  const signQualified = (token: string, id: string, p12: Buffer, password: string) =>
    api<SignDocumentResponse>(server.url, 'POST', `/documents/${id}/sign`, {
      token,
      body: qualifiedSignatureForm(p12, password),
    });
  const downloadSigned = (id: string, code: string, name: string) =>
    downloadVerifiedPdf(server.url, dir, { id, code, route: 'file' }, name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-qualified-'));
    await createUser(server.dataSource, { username: 'maria.silva', name: 'Maria Silva', department: 'Administração' });
    await createUser(server.dataSource, { username: 'joao.souza', name: 'João Souza', department: 'Jurídico' });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('two signers sign a text document in turn; pdfsig validates both signatures', async () => {
    const maria = await login(server.url, 'maria.silva', TEST_PASSWORD);
    const joao = await login(server.url, 'joao.souza', TEST_PASSWORD);
    const doc = (
      await api<DocumentView>(server.url, 'POST', '/documents', {
        token: maria.token,
        body: { title: 'Termo de Cooperação', content: 'Cláusula 1ª — As partes cooperarão.\nCláusula 2ª — Vigência.' },
      })
    ).body;
    await api(server.url, 'PUT', `/documents/${doc.id}/signing-flow`, {
      token: maria.token,
      body: { userIds: [maria.user.id, joao.user.id] },
    });

    // The panel reads the certificate from the file; nothing is stored.
    const inspectForm = new FormData();
    inspectForm.set('certificate', new Blob([mariaP12]), 'maria.p12');
    inspectForm.set('certificatePassword', '1234');
    const inspected = await api<CertificateInfo>(server.url, 'POST', '/documents/certificates/inspect', {
      token: maria.token,
      body: inspectForm,
    });
    expect(inspected.status).toBe(200);
    expect(inspected.body).toMatchObject({ subject: expect.stringContaining('CN=Maria Silva'), type: 'A1' });
    expect(inspected.body.issuer).toContain('NAO E ICP-Brasil');

    const wrong = await signQualified(maria.token, doc.id, mariaP12, 'errada');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'Não foi possível abrir o certificado: arquivo inválido ou senha incorreta.',
    });
    const noFile = await api(server.url, 'POST', `/documents/${doc.id}/sign`, {
      token: maria.token,
      body: { signatureType: 'qualified', certificateType: 'certificate' },
    });
    expect(noFile.body).toMatchObject({ statusCode: 400, message: 'Por favor, selecione um certificado digital.' });
    // João's turn has not come (he signs after Maria): 409, before his certificate is even opened.
    expect((await signQualified(joao.token, doc.id, joaoP12, 'abcd')).status).toBe(409);

    const first = await signQualified(maria.token, doc.id, mariaP12, '1234');
    expect(first.status).toBe(200);
    expect(first.body.signature).toMatchObject({
      signatureType: 'qualified',
      certificateType: 'certificate',
      certificate: { subject: expect.stringContaining('CN=Maria Silva') },
    });
    const afterFirst = await downloadSigned(doc.id, first.body.verificationCode, 'primeira.pdf');

    // The worker relays the outbox: João is asked to sign, with a link to the document.
    const link = `/semgi/documents/${doc.id}`;
    let asked: NotificationEntity | null = null;
    await eventually(
      async () =>
        (asked = await server.dataSource
          .getRepository(NotificationEntity)
          .findOneBy({ userId: joao.user.id, link })) !== null,
      'o pedido de assinatura',
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(asked).toMatchObject({ type: 'document', title: 'Assinatura solicitada' });

    const second = await signQualified(joao.token, doc.id, joaoP12, 'abcd');
    expect(second.status).toBe(200);
    expect(second.body.document).toMatchObject({ status: 'signed', hasSignedPdf: true });

    const file = await downloadSigned(doc.id, second.body.verificationCode, 'assinado.pdf');
    const signedBytes = await readFile(file);
    // Incremental: the PDF as Maria signed it is an exact prefix of the final one.
    const firstBytes = await readFile(afterFirst);
    expect(signedBytes.subarray(0, firstBytes.length).equals(firstBytes)).toBe(true);
    // The visible stamp: the rendered text, then the signatures page with signers and the address.
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('As partes cooperarão.');
    expect(text).toContain('Folha de assinaturas');
    expect(text.replace(/\s+/g, ' ')).toContain('Documento assinado eletronicamente por Maria Silva, Administração');
    expect(text.replace(/\s+/g, ' ')).toContain('Assinatura de João Souza, Jurídico: aguardando.');
    expect(text.replace(/\s+/g, '')).toContain(
      `/semgi/verify-signature?documentId=${doc.id}&code=${first.body.verificationCode}`,
    );

    expectValidPades(await pdfsig(file), [/Common Name: Maria Silva/, /Common Name: Jo.o Souza/]);

    const result = await api<VerificationResult>(
      server.url,
      'GET',
      `/documents/${doc.id}/verify/${second.body.verificationCode}`,
    );
    expect(result.body).toMatchObject({ valid: true, document: { hasSignedPdf: true } });
    expect((result.body as { signatures: unknown[] }).signatures).toHaveLength(2);

    // A changed signed PDF no longer verifies.
    const saved = await server.dataSource.getRepository(DocumentEntity).findOneByOrFail({ id: doc.id });
    const pdfRow = await server.dataSource
      .getRepository(StoredFileEntity)
      .findOneByOrFail({ id: saved.signedPdfFileId! });
    const stored = path.resolve(loadEnv().STORAGE_DIR, 'files', pdfRow.storedName);
    const tampered = Buffer.from(signedBytes);
    tampered[200] ^= 1;
    await writeFile(stored, tampered);
    const after = await api(server.url, 'GET', `/documents/${doc.id}/verify/${second.body.verificationCode}`);
    expect(after.body).toEqual({ valid: false, message: 'Assinatura inválida ou não encontrada' });
  });

  it('signs an uploaded PDF as it is, and refuses an expired certificate', async () => {
    const maria = await login(server.url, 'maria.silva', TEST_PASSWORD);
    const source = await PDFDocument.create();
    source
      .addPage()
      .drawText('Parecer jurídico', { x: 50, y: 700, font: await source.embedFont(StandardFonts.Helvetica) });
    const form = new FormData();
    form.set('file', new Blob([await source.save()], { type: 'application/pdf' }), 'Parecer.pdf');
    const upload = await api<DocumentView>(server.url, 'POST', '/documents/upload', { token: maria.token, body: form });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ name: 'Parecer.pdf', extension: 'pdf', departmentAccess: ['Administração'] });

    const expired = issueDemoA1(ca, {
      name: 'Maria Silva',
      password: '1234',
      notBefore: new Date('2020-01-01'),
      notAfter: new Date('2021-01-01'),
    });
    const refused = await signQualified(maria.token, upload.body.id, expired, '1234');
    expect(refused.body).toMatchObject({ statusCode: 400, message: 'O certificado está vencido.' });

    const signed = await signQualified(maria.token, upload.body.id, mariaP12, '1234');
    expect(signed.status).toBe(200);
    const file = await downloadSigned(upload.body.id, signed.body.verificationCode, 'parecer.pdf');
    expectValidPades(await pdfsig(file), [/Common Name: Maria Silva/]);
  });
});
