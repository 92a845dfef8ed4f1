import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createServerApp } from '#server/app/create-server-app';
import { QUEUES } from '#server/contracts/jobs';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { BullBackend } from '#server/coordination/bull-backend';
import { QueueService } from '#server/queue/queue.service';
import { createWorkerApp } from '#worker/create-worker-app';
import { minimalDocx, pagedContent, templateRenderJob, TINY_PNG } from '#test/factories/template-render';
import { type Bench, type BenchRow, loadRows, percentile, row } from './bench-kit';
import { createBenchEnvironment } from './bench-environment';

/**
 * Documents made from templates, through the real job path (BullMQ, the worker,
 * storage): a 3-page template document with letterhead and logo rendered to PDF by Chromium, cold
 * (the first render starts the browser) and warm (goal ≤ 1 s), and a filled DOCX base converted to
 * PDF by LibreOffice, cold (first run creates its profile) and warm.
 */
const WARM_RENDERS = 20;
const WARM_CONVERSIONS = 5;

async function run(): Promise<BenchRow[]> {
  const environment = await createBenchEnvironment();
  const server = await createServerApp();
  await server.init();
  const worker = await createWorkerApp();
  const events = server.get(BullBackend).queueEvents(QUEUES.documents);
  const dir = await mkdtemp(path.join(tmpdir(), 'semgi-bench-template-'));
  try {
    await events.waitUntilReady();
    const storage = server.get(FileStorageService);
    const queue = server.get(QueueService);
    const logo = (await storage.store(TINY_PNG, 'logo.png', { ownerKind: 'organization-logo' })).storedName;
    const baseDocument = (
      await storage.store(
        minimalDocx(['Ofício nº {{numero}} — {{titulo}}', '{{data}}', '{{conteudo}}', '{{usuario}}']),
        'base.docx',
        { ownerKind: 'template-base' },
      )
    ).storedName;
    const html = templateRenderJob({
      html: pagedContent(3),
      organization: { ...templateRenderJob().organization, logo },
    });
    const docx = templateRenderJob({ documentFormat: 'docx', baseDocument, html: pagedContent(3) });

    /** One job, enqueued and waited for; returns its time and the PDF's page count. */
    const timed = async (job: TemplateRenderJob) => {
      const start = process.hrtime.bigint();
      const queued = await queue.enqueue('document.render-template', job, { attempts: 1 });
      const { storedName } = (await queued.waitUntilFinished(events, 120_000)) as { storedName: string };
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      const file = path.join(dir, storedName);
      await writeFile(file, await storage.readBuffer(storedName));
      await storage.remove(storedName);
      const { stdout } = await promisify(execFile)('pdfinfo', [file]);
      await rm(file);
      return { elapsed, pages: Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]) };
    };
    const series = async (job: TemplateRenderJob, count: number) => {
      const samples: number[] = [];
      for (let i = 0; i < count; i++) samples.push((await timed(job)).elapsed);
      return samples;
    };

    const suite = 'document.render-template, 3 páginas (HTML → PDF, Chromium)';
    const docxSuite = 'document.render-template, formato docx (DOCX → PDF, LibreOffice)';
    const loadBefore = loadRows(suite, 'no início');
    const cold = await timed(html);
    const warm = await series(html, WARM_RENDERS);
    const warmP95 = percentile(warm, 95);
    const docxCold = await timed(docx);
    const docxWarm = await series(docx, WARM_CONVERSIONS);

    return [
      ...loadBefore,
      row(suite, 'páginas do PDF', '', cold.pages, { equals: 3 }),
      row(suite, 'frio (1º, abre o Chromium)', 'ms', cold.elapsed),
      row(suite, `quente mediana (${WARM_RENDERS} renderizações)`, 'ms', percentile(warm, 50)),
      row(suite, `quente p95 (${WARM_RENDERS} renderizações)`, 'ms', warmP95, { atMost: 1000 }),
      row(docxSuite, 'frio (1º, cria o perfil)', 'ms', docxCold.elapsed),
      row(docxSuite, `quente mediana (${WARM_CONVERSIONS} conversões)`, 'ms', percentile(docxWarm, 50)),
      row(docxSuite, `quente p95 (${WARM_CONVERSIONS} conversões)`, 'ms', percentile(docxWarm, 95)),
      ...loadRows(docxSuite, 'no fim'),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
    await events.close();
    await worker.close();
    await server.close();
    await environment.dispose();
  }
}

export const templatesBench: Bench = { name: 'templates', run };
