import { QueueEvents } from 'bullmq';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createServerApp } from '#server/app/create-server-app';
import { loadEnv } from '#server/config/env';
import { QUEUES } from '#server/contracts/jobs';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { bullConnection, QueueService } from '#server/queue/queue.service';
import { createWorkerApp } from '#worker/create-worker-app';
import { minimalDocx, pagedContent, templateRenderJob, TINY_PNG } from '#test/factories/template-render';
import { type Bench, type BenchRow, ms, percentile } from './bench-kit';
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
  const events = new QueueEvents(QUEUES.documents, { connection: bullConnection(), prefix: loadEnv().REDIS_PREFIX });
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

    const loadBefore = loadavg()[0];
    const cold = await timed(html);
    const warm = await series(html, WARM_RENDERS);
    const warmP95 = percentile(warm, 95);
    const docxCold = await timed(docx);
    const docxWarm = await series(docx, WARM_CONVERSIONS);
    const loadAfter = loadavg()[0];

    const suite = 'document.render-template, 3 páginas (HTML → PDF, Chromium)';
    const docxSuite = 'document.render-template, formato docx (DOCX → PDF, LibreOffice)';
    return [
      { suite, metric: 'páginas do PDF', value: String(cold.pages), goal: '3', ok: cold.pages === 3 },
      { suite, metric: 'frio (1º, abre o Chromium)', value: ms(cold.elapsed) },
      {
        suite,
        metric: `quente mediana / p95 (${WARM_RENDERS} renderizações)`,
        value: `${ms(percentile(warm, 50))} / ${ms(warmP95)}`,
        goal: '≤ 1000 ms',
        ok: warmP95 <= 1000,
      },
      { suite: docxSuite, metric: 'frio (1º, cria o perfil)', value: ms(docxCold.elapsed) },
      {
        suite: docxSuite,
        metric: `quente mediana / p95 (${WARM_CONVERSIONS} conversões)`,
        value: `${ms(percentile(docxWarm, 50))} / ${ms(percentile(docxWarm, 95))}`,
      },
      {
        suite: 'máquina',
        metric: 'carga (loadavg 1 min) no início / fim',
        value: `${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}`,
      },
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
