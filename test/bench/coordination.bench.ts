import { setTimeout as sleep } from 'node:timers/promises';
import { loadEnv, resetEnvCache } from '#server/config/env';
import { type BullBackend, PostgresBullBackend, RedisBullBackend } from '#server/coordination/bull-backend';
import type { Coordination } from '#server/coordination/coordination-choice';
import { createCoordinationPool } from '#server/coordination/postgres-pool';
import { migrateDatabase } from '#server/database/migrate';
import { type Bench, type BenchRow, loadRows, percentile, row } from './bench-kit';
import { createBenchEnvironment } from './bench-environment';
import { runNotificationsBench } from './notifications.bench';

/**
 * The two coordination backends side by side (README, "Redis ou PostgreSQL"), in one run:
 * - queues: enqueue → start latency of jobs added one by one at PACED_RATE per second for
 *   PACED_SECONDS, and jobs/s of a burst of BURST jobs added in bulk (WORKER_CONCURRENCY);
 * - sockets: the notifications bench (1,000 sockets on 2 server instances, worker emitting)
 *   with COORDINATION forced, for commit → event p99 and lost events.
 * Goal of the embedded mode (PostgreSQL): 0 lost, p99 ≤ 2× Redis's.
 */
const PACED_RATE = 100;
const PACED_SECONDS = 10;
const BURST = 3000;
const WORKER_CONCURRENCY = 8;
const QUEUE = 'bench-coordination';

interface QueueFigures {
  startP50: number;
  startP99: number;
  jobsPerSecond: number;
  lost: number;
}

async function measureQueue(backend: BullBackend): Promise<QueueFigures> {
  const queue = backend.queue(QUEUE);
  const started = new Map<string, number>();
  const worker = backend.worker(
    QUEUE,
    async (job) => {
      started.set(String(job.id), Date.now() - (job.data as { at: number }).at);
    },
    { concurrency: WORKER_CONCURRENCY, lockDuration: 30_000, stalledInterval: 30_000 },
  );
  try {
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
    const paced = PACED_RATE * PACED_SECONDS;
    const begin = Date.now();
    for (let i = 0; i < paced; i++) {
      const due = begin + (i * 1000) / PACED_RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      await queue.add('paced', { at: Date.now() }, { removeOnComplete: true, jobId: `paced-${i}` });
    }
    await waitFor(() => started.size >= paced, 60_000);
    const latencies = [...started.values()];
    started.clear();
    const burstStart = Date.now();
    const jobs = Array.from({ length: BURST }, (_, i) => ({
      name: 'burst',
      data: { at: Date.now() },
      opts: { removeOnComplete: true, jobId: `burst-${i}` },
    }));
    for (let i = 0; i < jobs.length; i += 500) await queue.addBulk(jobs.slice(i, i + 500));
    await waitFor(() => started.size >= BURST, 120_000);
    const seconds = (Date.now() - burstStart) / 1000;
    return {
      startP50: percentile(latencies, 50),
      startP99: percentile(latencies, 99),
      jobsPerSecond: BURST / seconds,
      lost: paced - latencies.length + (BURST - started.size),
    };
  } finally {
    await worker.close();
    await queue.close();
  }
}

async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return;
    await sleep(20);
  }
}

async function queueFigures(coordination: Coordination): Promise<QueueFigures> {
  const environment = await createBenchEnvironment();
  try {
    await migrateDatabase(loadEnv());
    if (coordination === 'redis') return await measureQueue(new RedisBullBackend(loadEnv()));
    const pool = createCoordinationPool(loadEnv().DATABASE_URL, 'semgi-bench', 20);
    try {
      return await measureQueue(new PostgresBullBackend(pool));
    } finally {
      await pool.end();
    }
  } finally {
    await environment.dispose();
  }
}

async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const figures = new Map<Coordination, { queue: QueueFigures; eventP99: number; lost: number }>();
  const previous = process.env.COORDINATION;
  try {
    for (const coordination of ['redis', 'postgres'] as const) {
      process.env.COORDINATION = coordination;
      resetEnvCache();
      const loadAtStart = loadRows(`coordenação: ${coordination}`, 'no início');
      const queue = await queueFigures(coordination);
      const sockets = await runNotificationsBench(` (${coordination})`);
      const lost = sockets.lost + queue.lost;
      figures.set(coordination, { queue, eventP99: sockets.eventP99, lost });
      const suite = `coordenação: ${coordination}`;
      rows.push(
        ...sockets.rows,
        row(suite, 'enfileirar → início p50', 'ms', queue.startP50),
        row(suite, 'enfileirar → início p99', 'ms', queue.startP99),
        row(suite, `jobs/s (${BURST} em lote, concorrência ${WORKER_CONCURRENCY})`, 'jobs/s', queue.jobsPerSecond),
        row(suite, 'commit → evento p99 (1.000 sockets, 2 instâncias)', 'ms', sockets.eventP99),
        row(suite, 'perdidos (jobs + eventos)', 'itens', lost, { equals: 0 }),
        ...loadAtStart,
      );
    }
  } finally {
    if (previous === undefined) delete process.env.COORDINATION;
    else process.env.COORDINATION = previous;
    resetEnvCache();
  }
  const redis = figures.get('redis');
  const postgres = figures.get('postgres');
  if (redis && postgres) {
    const suite = 'coordenação: PostgreSQL ÷ Redis';
    const startRatio = postgres.queue.startP99 / redis.queue.startP99;
    const eventRatio = postgres.eventP99 / redis.eventP99;
    rows.push(
      row(suite, 'enfileirar → início p99', '×', startRatio, { atMost: 2 }),
      row(suite, 'commit → evento p99', '×', eventRatio, { atMost: 2 }),
    );
  }
  return rows;
}

export const coordinationBench: Bench = { name: 'coordination', run };
