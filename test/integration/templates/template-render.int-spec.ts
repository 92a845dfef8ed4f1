import { loadEnv } from '#server/config/env';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PizZip from 'pizzip';
import { QUEUES } from '#server/contracts/jobs';
import { PAGE_SIZE_CM, type TemplateRenderJob } from '#server/contracts/templates';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { openA1 } from '#server/modules/documents/signing/a1-certificate';
import { addPadesSignature } from '#server/modules/documents/signing/pdf-signature';
import { stampPdf } from '#server/modules/documents/signing/signature-stamp';
import { type AppQueueEvents, BullBackend } from '#server/coordination/bull-backend';
import { QueueService } from '#server/queue/queue.service';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { LibreOfficeService } from '#worker/renderers/pdf/libreoffice.service';
import { minimalDocx, pagedContent, templateRenderJob, TINY_PNG } from '#test/factories/template-render';
import { pdfWords } from '#test/setup/pdf-words';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);
const CM_TO_PT = 72 / 2.54;

/** Jobs `document.render-template` and `document.fill-docx` run by a real worker (Chromium, LibreOffice). */
describe('documents made from templates (worker)', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let events: AppQueueEvents;
  let storage: FileStorageService;
  let dir: string;
  let files = 0;

  const runJob = async (name: 'document.render-template' | 'document.fill-docx', job: TemplateRenderJob) => {
    const queued = await server.app.get(QueueService).enqueue(name, job, { attempts: 1 });
    const { storedName } = (await queued.waitUntilFinished(events, 60_000)) as { storedName: string };
    const stored = await storage.find(storedName);
    expect(stored).toMatchObject({ ownerKind: 'document-render', ownerId: job.documentId });
    const bytes = await storage.readBuffer(storedName);
    await storage.remove(storedName);
    const file = path.join(dir, `${++files}.${name === 'document.fill-docx' ? 'docx' : 'pdf'}`);
    await writeFile(file, bytes);
    return { file, bytes };
  };
  const pdfInfo = async (file: string) => {
    const { stdout } = await run('pdfinfo', [file]);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout)!;
    return { pages: Number(/Pages:\s+(\d+)/.exec(stdout)![1]), width: Number(size[1]), height: Number(size[2]) };
  };
  const pageText = async (file: string, page: number) =>
    (await run('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'])).stdout.replace(
      /[ \u00a0]+/g,
      ' ',
    );
  /** A page as pixels (100 dpi): where there is ink, and the rows drawn in a given colour, in cm. */
  const raster = async (file: string, page: number) => {
    const { stdout } = await run('pdftoppm', ['-r', '100', '-f', String(page), '-l', String(page), file], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    const [, width, height] = /^P6\s+(\d+)\s+(\d+)\s+255\s/
      .exec(stdout.subarray(0, 32).toString('latin1'))!
      .map(Number);
    const header = /^P6\s+\d+\s+\d+\s+255\s/.exec(stdout.subarray(0, 32).toString('latin1'))![0].length;
    const pixel = (x: number, y: number) =>
      stdout.subarray(header + (y * width + x) * 3, header + (y * width + x) * 3 + 3);
    const toCm = (px: number) => (px * 2.54) / 100;
    let top = Infinity;
    let bottom = -Infinity;
    let left = Infinity;
    let right = -Infinity;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [r, g, b] = pixel(x, y);
        if (r < 235 || g < 235 || b < 235) {
          top = Math.min(top, y);
          bottom = Math.max(bottom, y + 1);
          left = Math.min(left, x);
          right = Math.max(right, x + 1);
        }
      }
    }
    /** Rows where at least half the width is (close to) `rgb`: rules drawn across the text block. */
    const ruleRows = (rgb: [number, number, number]) =>
      Array.from({ length: height }, (_, y) => y)
        .filter((y) => {
          let hits = 0;
          for (let x = 0; x < width; x++) {
            const c = pixel(x, y);
            if (Math.abs(c[0] - rgb[0]) + Math.abs(c[1] - rgb[1]) + Math.abs(c[2] - rgb[2]) < 60) hits++;
          }
          return hits > width / 2;
        })
        .map(toCm);
    return { ink: { top: toCm(top), bottom: toCm(bottom), left: toCm(left), right: toCm(right) }, ruleRows };
  };
  const imagesPerPage = async (file: string) => {
    const { stdout } = await run('pdfimages', ['-list', file]);
    const counts = new Map<number, number>();
    for (const line of stdout.split('\n').slice(2).filter(Boolean)) {
      const page = Number(line.trim().split(/\s+/)[0]);
      counts.set(page, (counts.get(page) ?? 0) + 1);
    }
    return counts;
  };
  const storeImage = async (ownerKind: string) =>
    (await storage.store(TINY_PNG, 'imagem.png', { ownerKind, ownerId: null })).storedName;

  beforeAll(async () => {
    storage = server.app.get(FileStorageService);
    events = server.app.get(BullBackend).queueEvents(QUEUES.documents);
    await events.waitUntilReady();
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-template-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await events.close();
  });

  it.each([
    {
      pageSize: 'A4' as const,
      margins: { top: 1.5, bottom: 2, left: 3.5, right: 1.5 },
      headerHeight: 2.5,
      footerHeight: 1.2,
    },
    {
      pageSize: 'Legal' as const,
      margins: { top: 2.5, bottom: 2.5, left: 3, right: 2 },
      headerHeight: 2,
      footerHeight: 1.5,
    },
  ])(
    'renders a 3-page $pageSize document with its margins, the letterhead and "Página N de 3" on every page',
    async (formatting) => {
      const logo = await storeImage('organization-logo');
      const job = templateRenderJob({ formatting, organization: { ...templateRenderJob().organization, logo } });
      const { file } = await runJob('document.render-template', job);

      const info = await pdfInfo(file);
      expect(info.pages).toBe(3);
      expect(info.width).toBeCloseTo(PAGE_SIZE_CM[formatting.pageSize].width * CM_TO_PT, 0);
      expect(info.height).toBeCloseTo(PAGE_SIZE_CM[formatting.pageSize].height * CM_TO_PT, 0);
      // The logo, as a data: URL, on each page.
      expect([...(await imagesPerPage(file)).entries()]).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
      ]);

      const { margins, headerHeight, footerHeight } = formatting;
      const pageHeight = info.height;
      for (const page of [1, 2, 3]) {
        const text = await pageText(file, page);
        expect(text).toContain('Prefeitura Municipal de Exemplo');
        expect(text).toContain(
          'Praça da Matriz, 1 — Centro · (11) 3333-4444 · gabinete@exemplo.sp.gov.br · www.exemplo.sp.gov.br',
        );
        expect(text).toContain(`Página ${page} de 3`);
        expect(text).toContain(`Seção ${page}, parágrafo 4: texto do documento oficial da prefeitura.`);

        const words = await pdfWords(file, page);
        const header = words.find((w) => w.text === 'Prefeitura')!;
        const footer = words.find((w) => w.text === 'Página')!;
        const body = words.filter((w) => w.text === 'Seção');
        // The letterhead lies in the band of headerHeight under the top margin, the footer in the
        // band of footerHeight above the bottom margin, the body between them from the left margin.
        expect(header.yMin).toBeGreaterThanOrEqual(margins.top * CM_TO_PT - 1);
        expect(header.yMax).toBeLessThanOrEqual((margins.top + headerHeight) * CM_TO_PT + 1);
        expect(footer.yMax).toBeLessThanOrEqual(pageHeight - margins.bottom * CM_TO_PT + 1);
        expect(footer.yMin).toBeGreaterThanOrEqual(pageHeight - (margins.bottom + footerHeight) * CM_TO_PT - 1);
        expect(body[0].xMin).toBeCloseTo(margins.left * CM_TO_PT, -0.5);
        // Nothing is drawn in the margins; the letterhead's rule (primary colour) closes its band,
        // a quarter of a centimetre above the body.
        const { ink, ruleRows } = await raster(file, page);
        const size = PAGE_SIZE_CM[formatting.pageSize];
        expect(ink.top).toBeGreaterThanOrEqual(margins.top - 0.05);
        expect(ink.left).toBeCloseTo(margins.left, 1);
        expect(ink.right).toBeCloseTo(size.width - margins.right, 1);
        expect(ink.bottom).toBeLessThanOrEqual(size.height - margins.bottom + 0.05);
        const rule = ruleRows([0x00, 0x33, 0x66]);
        expect(rule.length).toBeGreaterThan(0);
        expect(Math.min(...rule)).toBeGreaterThanOrEqual(margins.top + headerHeight - 0.35);
        expect(Math.max(...rule)).toBeLessThanOrEqual(margins.top + headerHeight - 0.15);
        for (const word of body) {
          expect(word.yMin).toBeGreaterThanOrEqual((margins.top + headerHeight) * CM_TO_PT - 1);
          expect(word.yMax).toBeLessThanOrEqual(pageHeight - (margins.bottom + footerHeight) * CM_TO_PT + 1);
        }
      }
    },
  );

  it('prints organisation fields as text, embeds uploaded images and fetches nothing', async () => {
    const requests: string[] = [];
    const probe: Server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.end();
    });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const remote = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    try {
      const picture = await storeImage('template-image');
      const attachment = await storeImage('document');
      const job = templateRenderJob({
        html: `<p>Antes</p><p><img src="/api/uploads/${picture}" style="width: 50%"></p>
<p><img src="/api/uploads/${attachment}"></p><p><img src="${remote}/remota.png"></p>
<link rel="stylesheet" href="${remote}/estilo.css"><p>Depois {{desconhecido}}</p>`,
        organization: {
          ...templateRenderJob().organization,
          name: '<b>Prefeitura & Cia</b><img src="' + remote + '/logo.png">',
          phone: '"><script>alert(1)</script>',
          colors: { primary: 'red;background:url(' + remote + '/cor.png)', secondary: '#0066cc', accent: '#f60' },
          fonts: { title: "x'; background: url(" + remote + '/fonte.png)', body: 'Arial' },
        },
      });
      const { file } = await runJob('document.render-template', job);
      const text = await pageText(file, 1);
      expect(text).toContain(`<b>Prefeitura & Cia</b><img src="${remote}/logo.png">`);
      expect(text).toContain('"><script>alert(1)</script>');
      expect(text).toContain('Antes');
      expect(text).toContain('Depois {{desconhecido}}');
      // Only the uploaded template image is embedded: not another kind of stored file, nothing remote.
      expect([...(await imagesPerPage(file)).entries()]).toEqual([[1, 1]]);
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => probe.close(resolve));
    }
  });

  it('keeps the blank lines typed in the content (empty paragraphs) in the PDF', async () => {
    const gap = async (html: string) => {
      const { file } = await runJob('document.render-template', templateRenderJob({ html }));
      const words = await pdfWords(file, 1);
      const y = (text: string) => words.find((w) => w.text === text)!.yMin;
      return y('Depois') - y('Antes');
    };
    const plain = await gap('<p>Antes</p><p>Depois</p>');
    const spaced = await gap('<p>Antes</p><p></p><p></p><p>Depois</p>');
    // Two blank lines add two lines (12 pt text, line height 1.5, paragraph spacing 0.6 em).
    expect(spaced - plain).toBeGreaterThan(2 * 12 * 1.5);
  });

  it('fills the DOCX base with the placeholders, the title and the content as text', async () => {
    const baseDocument = (
      await storage.store(
        minimalDocx([
          'Ofício nº {{numero}} — {{titulo}}',
          '{{data}}, {{departamento}}',
          '{{conteudo}}',
          '{{usuario}}{{faltando}}',
        ]),
        'base.docx',
        { ownerKind: 'template-base', ownerId: null },
      )
    ).storedName;
    const job = templateRenderJob({
      documentFormat: 'hybrid',
      baseDocument,
      html: '<h2>Assunto: compra &amp; venda</h2><p>Primeiro parágrafo.</p><p>Segundo parágrafo.</p>',
    });
    const { bytes } = await runJob('document.fill-docx', job);
    const xml = new PizZip(bytes).file('word/document.xml')!.asText();
    const paragraphs = [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map((m) =>
      m[1]
        .replace(/<w:br\/>/g, '\n')
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&'),
    );
    expect(paragraphs).toEqual([
      'Ofício nº DOC-2026-000123 — Ofício 12/2026',
      '22/11/2026, Secretaria de Administração',
      'Assunto: compra & venda\nPrimeiro parágrafo.\nSegundo parágrafo.',
      'Maria da Silva',
    ]);
  });

  it('fails clearly when the DOCX base is not a DOCX or the template has none', async () => {
    const notDocx = (await storage.store(TINY_PNG, 'base.png', { ownerKind: 'template-base', ownerId: null }))
      .storedName;
    const queue = server.app.get(QueueService);
    const broken = await queue.enqueue('document.fill-docx', templateRenderJob({ baseDocument: notDocx }), {
      attempts: 1,
    });
    await expect(broken.waitUntilFinished(events, 30_000)).rejects.toThrow(
      /^O documento base \(DOCX\) do template não pôde ser preenchido/,
    );
    const none = await queue.enqueue('document.fill-docx', templateRenderJob({ baseDocument: null }), { attempts: 1 });
    await expect(none.waitUntilFinished(events, 30_000)).rejects.toThrow('O template não tem documento base (DOCX).');
  });

  it("renders a 'docx' document's PDF from the filled base with LibreOffice", async () => {
    const baseDocument = (
      await storage.store(
        minimalDocx(['Ofício nº {{numero}}', '{{conteudo}}', 'Atenciosamente, {{usuario}}']),
        'base.docx',
        {
          ownerKind: 'template-base',
          ownerId: null,
        },
      )
    ).storedName;
    const job = templateRenderJob({ documentFormat: 'docx', baseDocument, html: pagedContent(1, 'Parte') });
    const { file } = await runJob('document.render-template', job);
    const info = await pdfInfo(file);
    // The DOCX base's own page (A4 in the fixture).
    expect(info.width).toBeCloseTo(PAGE_SIZE_CM.A4.width * CM_TO_PT, 0);
    expect(info.height).toBeCloseTo(PAGE_SIZE_CM.A4.height * CM_TO_PT, 0);
    const text = await pageText(file, 1);
    expect(text).toContain('Ofício nº DOC-2026-000123');
    expect(text).toContain('Parte 1, parágrafo 3: texto do documento oficial da prefeitura.');
    expect(text).toContain('Atenciosamente, Maria da Silva');
  });

  it('queues concurrent conversions, and kills one that runs out of time, leaving no temporary files', async () => {
    const libreOffice = worker.get(LibreOfficeService);
    const docx = minimalDocx(['Primeiro']);
    const [a, b] = await Promise.all([libreOffice.docxToPdf(docx), libreOffice.docxToPdf(minimalDocx(['Segundo']))]);
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(b.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(libreOffice.docxToPdf(docx, 1)).rejects.toThrow(
      'A conversão do DOCX em PDF passou de 0 s e foi interrompida.',
    );
    const leftovers = (await readdir(tmpdir())).filter((name) => /^semgi-soffice-(?!profile)/.test(name));
    expect(leftovers).toEqual([]);
    // The next conversion works (a new private profile).
    expect((await libreOffice.docxToPdf(docx)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives a PDF that takes a qualified (PAdES) signature which pdfsig validates', async () => {
    const { bytes } = await runJob('document.render-template', templateRenderJob());
    const stamped = await stampPdf(bytes, {
      title: 'Ofício 12/2026',
      protocolNumber: 'DOC-2026-000123',
      verificationCode: 'y',
      verificationUrl: 'https://exemplo.test/semgi/verify-signature?documentId=x&code=y',
      timeZone: loadEnv().TIME_ZONE,
      signers: [
        {
          name: 'Maria Silva',
          department: 'Administração',
          signature: { at: new Date(), level: 'qualified', method: 'certificate', sha256: null },
        },
      ],
    });
    const credentials = openA1(issueDemoA1(createDemoCa(), { name: 'Maria Silva', password: '1234' }), '1234');
    const signed = await addPadesSignature(stamped, credentials, {
      signerName: 'Maria Silva',
      reason: 'Assinatura qualificada',
      location: 'Prefeitura',
      signingTime: new Date(),
    });
    const file = path.join(dir, 'assinado.pdf');
    await writeFile(file, signed);
    // pdfsig exits non-zero for our untrusted test CA: read its report either way.
    const { stdout } = await run('pdfsig', [file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(stdout).toContain('Signature Validation: Signature is Valid.');
    expect(stdout).toContain('Common Name: Maria Silva');
    // The three pages keep the letterhead; the stamp adds its closing page.
    expect((await pdfInfo(file)).pages).toBe(4);
    expect(await pageText(file, 3)).toContain('Prefeitura Municipal de Exemplo');
  });
});
