import type { INestApplicationContext } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadEnv } from '#server/config/env';
import { QUEUES } from '#server/contracts/jobs';
import { PAGE_SIZE_CM, type TemplateRenderJob } from '#server/contracts/templates';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { bullConnection, QueueService } from '#server/queue/queue.service';
import { templateRenderJob, TINY_PNG } from '#test/factories/template-render';
import { type RunningServer, startServer, startWorker } from '#test/setup/app';

const run = promisify(execFile);
const CM_TO_PT = 72 / 2.54;

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Jobs `document.render-template` and `document.fill-docx` run by a real worker (Chromium, LibreOffice). */
describe('documents made from templates (worker)', () => {
  let server: RunningServer;
  let worker: INestApplicationContext;
  let events: QueueEvents;
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
  const pageWords = async (file: string, page: number): Promise<Word[]> => {
    const { stdout } = await run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
    return [
      ...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
    ].map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5] }));
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
    server = await startServer();
    worker = await startWorker();
    storage = server.app.get(FileStorageService);
    events = new QueueEvents(QUEUES.documents, { connection: bullConnection(), prefix: loadEnv().REDIS_PREFIX });
    await events.waitUntilReady();
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-template-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await events.close();
    await worker.close();
    await server.close();
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

        const words = await pageWords(file, page);
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
        for (const word of body) {
          expect(word.yMin).toBeGreaterThanOrEqual((margins.top + headerHeight) * CM_TO_PT - 1);
          expect(word.yMax).toBeLessThanOrEqual(pageHeight - (margins.bottom + footerHeight) * CM_TO_PT + 1);
        }
      }
    },
  );
});
