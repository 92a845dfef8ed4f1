import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import type { DocumentView, SignDocumentResponse } from '#server/contracts/documents';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { downloadVerifiedPdf, qualifiedSignatureForm } from '#test/factories/signing';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { expectValidPades, pdfsig } from '#test/setup/pdfsig';
import { pdfWords } from '#test/setup/pdf-words';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);
const BAND_HEIGHT = 64;

/**
 * A scanned-looking upload: one page per /Rotate, each with a heading written so it reads upright
 * as shown, some with a media box or a crop box away from the origin. `shown` is the visible box
 * [xMin, yMin, xMax, yMax] as pdftotext -bbox measures it: on the rotated media box, y from the top.
 */
const PAGES = [
  { rotation: 0, media: [100, 50, 695.28, 891.89], crop: null, shown: [0, 0, 595.28, 841.89] },
  { rotation: 90, media: [0, 0, 595.28, 841.89], crop: null, shown: [0, 0, 841.89, 595.28] },
  { rotation: 180, media: [0, 0, 595.28, 841.89], crop: [40, 60, 555.28, 781.89], shown: [40, 60, 555.28, 781.89] },
  { rotation: 270, media: [-200, -300, 641.89, 295.28], crop: null, shown: [0, 0, 595.28, 841.89] },
];

async function rotatedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const { rotation, media, crop } of PAGES) {
    const page = doc.addPage([media[2] - media[0], media[3] - media[1]]);
    page.setMediaBox(media[0], media[1], media[2] - media[0], media[3] - media[1]);
    if (crop) page.setCropBox(crop[0], crop[1], crop[2] - crop[0], crop[3] - crop[1]);
    page.setRotation(degrees(rotation));
    const box = page.getCropBox();
    // The heading's origin 80 pt inside the top-left corner as shown, drawn turned against the rotation.
    const at = {
      0: { x: box.x + 80, y: box.y + box.height - 80 },
      90: { x: box.x + 80, y: box.y + 80 },
      180: { x: box.x + box.width - 80, y: box.y + 80 },
      270: { x: box.x + box.width - 80, y: box.y + box.height - 80 },
    }[rotation as 0 | 90 | 180 | 270];
    page.drawText(`Parecer girado ${rotation}`, { ...at, size: 14, font, rotate: degrees(rotation) });
  }
  return Buffer.from(await doc.save());
}

/** pdftotext -layout of one page: the reading order a person gets. */
const layoutText = async (file: string, page: number) =>
  (await run('pdftotext', ['-layout', '-f', `${page}`, '-l', `${page}`, file, '-'])).stdout;

/**
 * On every page but the signatures page: the band's words are upright (wider than tall), inside
 * the visible box, in its bottom 64 pt; the page's own heading is upright, inside and above the band.
 */
async function expectUprightStamp(file: string, protocolNumber: string) {
  expect((await PDFDocument.load(await readFile(file))).getPageCount()).toBe(PAGES.length + 1); // and the signatures page
  for (const [index, { shown }] of PAGES.entries()) {
    const words = await pdfWords(file, index + 1);
    const [left, top, right, bottom] = shown;
    const word = (text: string) => {
      const found = words.find((w) => w.text === text);
      if (!found) throw new Error(`"${text}" não está na página ${index + 1}`);
      expect(found.xMax - found.xMin).toBeGreaterThan(found.yMax - found.yMin);
      expect(found.xMin).toBeGreaterThanOrEqual(left);
      expect(found.xMax).toBeLessThanOrEqual(right);
      expect(found.yMin).toBeGreaterThanOrEqual(top);
      expect(found.yMax).toBeLessThanOrEqual(bottom);
      return found;
    };
    expect(word(protocolNumber).yMin).toBeGreaterThanOrEqual(bottom - BAND_HEIGHT);
    expect(word('verificador').yMin).toBeGreaterThanOrEqual(bottom - BAND_HEIGHT);
    expect(word('girado').yMax).toBeLessThan(bottom - BAND_HEIGHT);
    const text = await layoutText(file, index + 1);
    expect(text).toContain(`Parecer girado ${PAGES[index].rotation}`);
    expect(text).toContain(`Documento ${protocolNumber} assinado eletronicamente por Rita Prado em`);
  }
}

describe('the stamp on rotated pages and boxes away from the origin', () => {
  const { server } = useServerSuite();
  const ca = createDemoCa();
  const certificate = issueDemoA1(ca, { name: 'Rita Prado', password: '4321' });
  let dir: string;
  let session: Awaited<ReturnType<typeof login>>;

  const upload = async (name: string) => {
    const form = new FormData();
    form.set('file', new Blob([await rotatedPdf()], { type: 'application/pdf' }), name);
    const res = await api<DocumentView>(server.url, 'POST', '/documents/upload', { token: session.token, body: form });
    expect(res.status).toBe(201);
    return res.body;
  };
  const download = (id: string, code: string, route: 'pdf' | 'file', name: string) =>
    downloadVerifiedPdf(server.url, dir, { id, code, route }, name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-rotated-'));
    await createUser(server.dataSource, { username: 'rita.prado', name: 'Rita Prado', department: 'Administração' });
    session = await login(server.url, 'rita.prado', TEST_PASSWORD);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('simple signature: the stamped copy reads upright on every rotation, inside the visible box', async () => {
    const doc = await upload('Parecer girado.pdf');
    const signed = await api<SignDocumentResponse>(server.url, 'POST', `/documents/${doc.id}/sign`, {
      token: session.token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
    expect(signed.status).toBe(200);
    const file = await download(doc.id, signed.body.verificationCode, 'pdf', 'simples.pdf');
    await expectUprightStamp(file, doc.protocolNumber);
  });

  it('qualified signature (PAdES): the same upright stamp, and pdfsig validates the signature', async () => {
    const doc = await upload('Parecer girado PAdES.pdf');
    const signed = await api<SignDocumentResponse>(server.url, 'POST', `/documents/${doc.id}/sign`, {
      token: session.token,
      body: qualifiedSignatureForm(certificate, '4321'),
    });
    expect(signed.status).toBe(200);
    const file = await download(doc.id, signed.body.verificationCode, 'file', 'pades.pdf');
    expectValidPades(await pdfsig(file), [/Common Name: Rita Prado/]);
    await expectUprightStamp(file, doc.protocolNumber);
  });
});
