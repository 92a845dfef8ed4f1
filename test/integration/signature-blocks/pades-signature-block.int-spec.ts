import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DocumentView } from '#server/contracts/documents';
import type { SignatureBlockView, SignBlockResponse } from '#server/contracts/signature-blocks';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { qualifiedSignatureForm } from '#test/factories/signing';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);

/** pdfsig exits non-zero when a certificate is untrusted (our test CA): keep its report either way. */
async function pdfsig(file: string): Promise<string[]> {
  const { stdout } = await run('pdfsig', [file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return stdout.split(/^Signature #\d+:/m).slice(1);
}

describe('signature blocks with an A1 certificate (PAdES)', () => {
  const { server } = useServerSuite({ worker: true });
  const ca = createDemoCa();
  const p12 = issueDemoA1(ca, { name: 'Marta Prefeita', password: '1234' });
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-block-pades-'));
    await createUser(server.dataSource, { username: 'marta.prefeita', name: 'Marta Prefeita', level: 'Chefia' });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const signWith = (token: string, id: string, password: string) =>
    api<SignBlockResponse>(server.url, 'POST', `/signature-blocks/${id}/sign`, {
      token,
      body: qualifiedSignatureForm(p12, password),
    });

  it('opens the certificate once and gives each document its own valid PAdES signature', async () => {
    const marta = await login(server.url, 'marta.prefeita', TEST_PASSWORD);
    const docs: DocumentView[] = [];
    for (const title of ['Decreto 1', 'Decreto 2', 'Decreto 3']) {
      const res = await api<DocumentView>(server.url, 'POST', '/documents', {
        token: marta.token,
        body: { title, content: `${title}: fica aprovado o regulamento.` },
      });
      docs.push(res.body);
    }
    const block = await api<SignatureBlockView>(server.url, 'POST', '/signature-blocks', {
      token: marta.token,
      body: { name: 'Decretos', documentIds: docs.map((d) => d.id), signers: [marta.user.id] },
    });
    expect(block.status).toBe(201);

    // A wrong certificate password stops the call before any document: nothing is recorded.
    const wrong = await signWith(marta.token, block.body.id, 'errada');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'Não foi possível abrir o certificado: arquivo inválido ou senha incorreta.',
    });
    const untouched = await api<SignatureBlockView>(server.url, 'GET', `/signature-blocks/${block.body.id}`, {
      token: marta.token,
    });
    expect(untouched.body.documents.flatMap((d) => d.results.map((r) => r.state))).toEqual([
      'pending',
      'pending',
      'pending',
    ]);

    const signed = await signWith(marta.token, block.body.id, '1234');
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ signed: 3, failed: 0, block: { status: 'completed' } });
    for (const doc of docs) {
      const view = await api<DocumentView>(server.url, 'GET', `/documents/${doc.id}`, { token: marta.token });
      expect(view.body).toMatchObject({ status: 'signed', hasSignedPdf: true });
      expect(view.body.signatures).toEqual([
        expect.objectContaining({ signatureType: 'qualified', certificate: expect.objectContaining({ type: 'A1' }) }),
      ]);
      const res = await fetch(`${server.url}/api/documents/${doc.id}/verify/${view.body.verificationCode}/file`);
      expect(res.status).toBe(200);
      const file = path.join(dir, `${doc.id}.pdf`);
      await writeFile(file, Buffer.from(await res.arrayBuffer()));
      const { stdout: text } = await run('pdftotext', [file, '-']);
      expect(text).toContain(`${doc.title}: fica aprovado o regulamento.`);
      const signatures = await pdfsig(file);
      expect(signatures).toHaveLength(1);
      expect(signatures[0]).toContain('Signature Validation: Signature is Valid.');
      expect(signatures[0]).toContain('Common Name: Marta Prefeita');
    }
  });
});
