import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { DocumentView, SignDocumentResponse, VerificationResult } from '#server/contracts/documents';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { qualifiedSignatureForm } from '#test/factories/signing';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { expectValidPades, pdfsig } from '#test/setup/pdfsig';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Text with every whitespace removed: the band wraps long addresses and codes anywhere. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The text of each page, by pdftotext. */
async function pageTexts(file: string): Promise<string[]> {
  const count = (await PDFDocument.load(await readFile(file))).getPageCount();
  const pages: string[] = [];
  for (let page = 1; page <= count; page++) {
    pages.push((await run('pdftotext', ['-f', `${page}`, '-l', `${page}`, file, '-'])).stdout);
  }
  return pages;
}

/** Renders the foot of a page (the band) at 300 dpi with pdftoppm and decodes the QR code in it. */
async function qrOnPage(file: string, page: number): Promise<string | null> {
  const pdf = await PDFDocument.load(await readFile(file));
  const { width, height } = pdf.getPage(page - 1).getSize();
  const px = (points: number) => Math.round((points * 300) / 72);
  const out = `${file}-qr-${page}`;
  await run('pdftoppm', [
    ...['-r', '300', '-f', `${page}`, '-l', `${page}`, '-singlefile', '-png'],
    ...['-x', '0', '-y', `${px(height - 80)}`, '-W', `${px(width)}`, '-H', `${px(80)}`],
    file,
    out,
  ]);
  const png = PNG.sync.read(await readFile(`${out}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('the signed PDF: a stamp on every page, a signatures page, verification of every signer', () => {
  const { server } = useServerSuite({ worker: true });
  const ca = createDemoCa();
  const people = [
    { username: 'stamp.maria', name: 'Maria Silva', department: 'Administração', password: '1111' },
    { username: 'stamp.joao', name: 'João Souza', department: 'Jurídico', password: '2222' },
    { username: 'stamp.ana', name: 'Ana Lima', department: 'Gabinete', password: '3333' },
  ];
  const certificates = people.map((p) => issueDemoA1(ca, { name: p.name, password: p.password }));
  let dir: string;
  let sessions: Awaited<ReturnType<typeof login>>[];

  const createWithFlow = async (title: string, content: string) => {
    const [maria] = sessions;
    const doc = (
      await api<DocumentView>(server.url, 'POST', '/documents', { token: maria.token, body: { title, content } })
    ).body;
    const flow = await api(server.url, 'PUT', `/documents/${doc.id}/signing-flow`, {
      token: maria.token,
      body: { userIds: sessions.map((s) => s.user.id) },
    });
    expect(flow.status).toBe(200);
    return doc;
  };
  const signQualified = (index: number, id: string) =>
    api<SignDocumentResponse>(server.url, 'POST', `/documents/${id}/sign`, {
      token: sessions[index].token,
      body: qualifiedSignatureForm(certificates[index], people[index].password),
    });
  const signSimple = (index: number, id: string) =>
    api<SignDocumentResponse>(server.url, 'POST', `/documents/${id}/sign`, {
      token: sessions[index].token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
  const verify = async (id: string, code: string) =>
    (await api<VerificationResult>(server.url, 'GET', `/documents/${id}/verify/${code}`)).body as Extract<
      VerificationResult,
      { valid: true }
    >;
  const download = async (id: string, code: string, route: 'pdf' | 'file', name: string) => {
    const res = await fetch(`${server.url}/api/documents/${id}/verify/${code}/${route}`);
    expect(res.status).toBe(200);
    const file = path.join(dir, name);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    return { file, type: res.headers.get('content-type') };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-stamp-'));
    for (const { username, name, department } of people) {
      await createUser(server.dataSource, { username, name, department });
    }
    sessions = await Promise.all(people.map((p) => login(server.url, p.username, TEST_PASSWORD)));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('three signers in turn, each PAdES: every signature valid in pdfsig, the stamp on every page, the QR code opens the verification', async () => {
    const doc = await createWithFlow('Termo de Cooperação 4/2026', 'Cláusula 1ª — As partes cooperarão.\n'.repeat(120));

    const first = await signQualified(0, doc.id);
    expect(first.status).toBe(200);
    const code = first.body.verificationCode;
    expect(await verify(doc.id, code)).toMatchObject({ valid: true, complete: false, awaitingSignatures: 2 });
    expect((await signQualified(1, doc.id)).status).toBe(200);
    expect(await verify(doc.id, code)).toMatchObject({ complete: false, awaitingSignatures: 1 });
    const third = await signQualified(2, doc.id);
    expect(third.status).toBe(200);
    expect(third.body.document).toMatchObject({ status: 'signed', hasSignedPdf: true });

    const result = await verify(doc.id, code);
    expect(result).toMatchObject({ valid: true, complete: true, awaitingSignatures: 0 });
    expect(result.signatures.map((s) => [s.userName, s.userDepartment, s.signatureType])).toEqual(
      people.map((p) => [p.name, p.department, 'qualified']),
    );

    const { file, type } = await download(doc.id, code, 'pdf', 'tres-assinaturas.pdf');
    expect(type).toBe('application/pdf');
    expectValidPades(await pdfsig(file), [
      /Common Name: Maria Silva/,
      /Common Name: Jo.o Souza/,
      /Common Name: Ana Lima/,
    ]);

    const path_ = `/semgi/verify-signature?documentId=${doc.id}&code=${code}`;
    const pages = await pageTexts(file);
    expect(pages.length).toBeGreaterThanOrEqual(3); // the text's pages and the signatures page
    for (const text of pages) {
      expect(squeeze(text)).toContain(
        squeeze(`Documento ${doc.protocolNumber} assinado eletronicamente por Maria Silva em`),
      );
      expect(squeeze(text)).toContain(squeeze('Signatários previstos: João Souza e Ana Lima.'));
      expect(squeeze(text)).toContain(squeeze(`código verificador ${code}`));
      expect(squeeze(text)).toContain(path_);
    }
    const signaturesPage = squeeze(pages[pages.length - 1]);
    expect(signaturesPage).toContain(squeeze('Folha de assinaturas'));
    expect(signaturesPage).toContain(
      squeeze(
        'Documento assinado eletronicamente por Maria Silva, Administração, em ' +
          `${new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(result.signatures[0].date))}`,
      ),
    );
    expect(signaturesPage).toContain(squeeze('com assinatura qualificada ICP-Brasil'));
    expect(signaturesPage).toContain(squeeze('da Lei nº 14.063/2020'));
    expect(signaturesPage).toContain(squeeze('Assinatura de João Souza, Jurídico: aguardando.'));

    for (const page of [1, pages.length]) {
      const qr = await qrOnPage(file, page);
      expect(qr).toMatch(/^https?:\/\/[^/]+\/semgi\/verify-signature\?/);
      expect(qr?.endsWith(path_)).toBe(true);
    }
  });

  it('simple signatures: the stamped copy lists each signature with its SHA-256; verification says awaiting, then complete', async () => {
    const doc = await createWithFlow('Portaria 21/2026', 'Art. 1º Fica instituída a comissão.');
    const first = await signSimple(0, doc.id);
    expect(first.status).toBe(200);
    const code = first.body.verificationCode;
    expect(first.body.document.hasSignedPdf).toBe(true);

    const awaiting = await verify(doc.id, code);
    expect(Object.keys(awaiting).sort()).toEqual(
      ['awaitingSignatures', 'complete', 'document', 'signature', 'signatures', 'valid'].sort(),
    );
    expect(awaiting).toMatchObject({
      complete: false,
      awaitingSignatures: 2,
      document: { id: doc.id, protocolNumber: doc.protocolNumber, hasSignedPdf: true },
      signatures: [{ userName: 'Maria Silva', userDepartment: 'Administração', signatureType: 'simple' }],
    });

    // The original bytes, whose SHA-256 the signature holds, stay downloadable.
    const original = await download(doc.id, code, 'file', 'original.txt');
    const hash = sha256(await readFile(original.file));
    expect(hash).toBe(first.body.signature.hashValue);

    const stamped = await download(doc.id, code, 'pdf', 'portaria.pdf');
    expect(stamped.type).toBe('application/pdf');
    expect((await signSimple(1, doc.id)).status).toBe(200);
    expect((await signSimple(2, doc.id)).status).toBe(200);
    expect(await verify(doc.id, code)).toMatchObject({ complete: true, awaitingSignatures: 0 });
    const final = await download(doc.id, code, 'pdf', 'portaria-final.pdf');
    // A wrong code gets no PDF.
    const wrong = await fetch(`${server.url}/api/documents/${doc.id}/verify/${code}x/pdf`);
    expect(wrong.status).toBe(404);

    // The copy made after the first signature (read offline, after the requests).
    const pages = await pageTexts(stamped.file);
    expect(pages.length).toBe(2);
    expect(squeeze(pages[0])).toContain(squeeze('Art. 1º Fica instituída a comissão.'));
    for (const text of pages) {
      expect(squeeze(text)).toContain(squeeze('Signatários previstos: João Souza e Ana Lima.'));
      expect(squeeze(text)).toContain(squeeze(`código verificador ${code}`));
    }
    expect(squeeze(pages[1])).toContain(squeeze('com assinatura simples (login e senha do usuário)'));
    expect(squeeze(pages[1])).toContain(squeeze('art. 4º, inciso I, da Lei nº 14.063/2020'));
    expect(squeeze(pages[1])).toContain(`SHA-256:${hash}`);
    expect(
      (await qrOnPage(stamped.file, 1))?.endsWith(`/semgi/verify-signature?documentId=${doc.id}&code=${code}`),
    ).toBe(true);

    // The copy made once all three signed: no one awaited.
    const finalPages = await pageTexts(final.file);
    expect(squeeze(finalPages[0])).toContain(
      squeeze(`Documento ${doc.protocolNumber} assinado eletronicamente por Maria Silva em`),
    );
    expect(squeeze(finalPages[0])).toContain('JoãoSouzaem');
    expect(squeeze(finalPages[0])).toContain('eAnaLimaem');
    expect(squeeze(finalPages[0])).not.toContain('Signatáriosprevistos');
  });
});
