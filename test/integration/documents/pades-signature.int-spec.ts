import { loadEnv } from '#server/config/env';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { openA1 } from '#server/modules/documents/signing/a1-certificate';
import { addPadesSignature } from '#server/modules/documents/signing/pdf-signature';
import { stampPdf } from '#server/modules/documents/signing/signature-stamp';

const run = promisify(execFile);

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Ofício nº 12/2026', { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  // Object streams and an xref stream, as most producers write: the stamp normalises them.
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** Shells out to poppler's pdfsig, so it runs with the integration tests, not the unit tests. */
describe('PAdES signatures checked by pdfsig', () => {
  const ca = createDemoCa();
  const maria = issueDemoA1(ca, { name: 'Maria Silva', password: '1234' });
  const joao = issueDemoA1(ca, { name: 'João Souza', password: 'abcd' });
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-pades-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stamps, then signs twice incrementally; pdfsig validates both signatures', async () => {
    const stamped = await stampPdf(await samplePdf(), {
      title: 'Ofício de teste',
      protocolNumber: 'DOC-2026-12345',
      verificationCode: 'y',
      verificationUrl: 'http://127.0.0.1:3005/semgi/verify-signature?documentId=x&code=y',
      timeZone: loadEnv().TIME_ZONE,
      signers: [
        {
          name: 'Maria Silva',
          department: 'Administração',
          signature: { at: new Date(), level: 'qualified', method: 'certificate', sha256: null },
        },
        { name: 'João Souza', department: 'Jurídico', signature: null },
      ],
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
