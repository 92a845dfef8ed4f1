import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createDemoCa, issueDemoA1 } from '../../../seed/demo-certificates';
import { assertUsableForSigning, CERTIFICATE_MESSAGES, openA1 } from './a1-certificate';
import { addPadesSignature, stampForSignature } from './pdf-signature';

const run = promisify(execFile);

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Ofício nº 12/2026', { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  // Object streams and an xref stream, as most producers write: the stamp normalises them.
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('A1 certificates and PAdES signatures', () => {
  const ca = createDemoCa();
  const maria = issueDemoA1(ca, { name: 'Maria Silva', password: '1234' });
  const joao = issueDemoA1(ca, { name: 'João Souza', password: 'abcd' });
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-pades-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads subject, issuer and validity from the .p12 and labels it as not ICP-Brasil', () => {
    const { info } = openA1(maria, '1234');
    expect(info.subject).toMatch(/^CN=Maria Silva, OU=TESTE - NAO E ICP-Brasil/);
    expect(info.issuer).toMatch(/^CN=AC SEMGI de Teste/);
    expect(new Date(info.validTo).getTime()).toBeGreaterThan(Date.now());
    expect(info.type).toBe('A1');
  });

  it('refuses a wrong password, an expired certificate and one without a signing key usage', () => {
    expect(() => openA1(maria, 'errada')).toThrow(CERTIFICATE_MESSAGES.unreadable);
    expect(() => openA1(Buffer.from('não é um p12'), '1234')).toThrow(CERTIFICATE_MESSAGES.unreadable);
    const expired = issueDemoA1(ca, {
      name: 'Vencido',
      password: 'x',
      notBefore: new Date('2020-01-01'),
      notAfter: new Date('2021-01-01'),
    });
    expect(() => assertUsableForSigning(openA1(expired, 'x'))).toThrow(CERTIFICATE_MESSAGES.expired);
    const future = issueDemoA1(ca, { name: 'Futuro', password: 'x', notBefore: new Date(Date.now() + 86_400_000) });
    expect(() => assertUsableForSigning(openA1(future, 'x'))).toThrow(CERTIFICATE_MESSAGES.notYetValid);
    const encipherOnly = issueDemoA1(ca, { name: 'Cifra', password: 'x', keyUsage: { keyEncipherment: true } });
    expect(() => assertUsableForSigning(openA1(encipherOnly, 'x'))).toThrow(CERTIFICATE_MESSAGES.keyUsage);
    expect(() => assertUsableForSigning(openA1(maria, '1234'))).not.toThrow();
  });

  it('stamps, then signs twice incrementally; pdfsig validates both signatures', async () => {
    const stamped = await stampForSignature(await samplePdf(), {
      title: 'Ofício de teste',
      protocolNumber: 'DOC-2026-12345',
      signers: ['Maria Silva', 'João Souza'],
      date: new Date(),
      verificationUrl: 'http://127.0.0.1:3005/semgi/verify-signature?documentId=x&code=y',
    });
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(2);
    const meta = { reason: 'Assinatura', location: 'Prefeitura', signingTime: new Date() };
    const once = await addPadesSignature(stamped, openA1(maria, '1234'), { ...meta, signerName: 'Maria Silva' });
    const twice = await addPadesSignature(once, openA1(joao, 'abcd'), { ...meta, signerName: 'João Souza' });
    // Incremental: the first signed revision is a prefix of the second.
    expect(twice.subarray(0, once.length).equals(once)).toBe(true);

    const file = path.join(dir, 'assinado.pdf');
    await writeFile(file, twice);
    const { stdout } = await run('pdfsig', [file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const blocks = stdout.split(/^Signature #\d+:/m).slice(1);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) {
      expect(block).toContain('Signature Validation: Signature is Valid.');
      expect(block).toContain('Signature Type: ETSI.CAdES.detached');
      expect(block).toContain('Signing Hash Algorithm: SHA-256');
    }
    expect(blocks[0]).toContain('CN=Maria Silva');
    expect(blocks[1]).toContain('Jo');
  });
});
