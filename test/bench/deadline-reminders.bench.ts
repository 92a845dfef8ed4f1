import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { createServerApp } from '#server/app/create-server-app';
import { QUEUES } from '#server/contracts/jobs';
import { hashPassword } from '#server/modules/auth/passwords';
import { QueueService } from '#server/queue/queue.service';
import { createWorkerApp } from '#worker/create-worker-app';
import { DeadlineRemindersService, type SweepResult } from '#worker/deadlines/deadline-reminders.service';
import { seedOpenDeadlines } from '#test/factories/deadlines';
import { type Bench, type BenchRow, loadRows, row } from './bench-kit';
import { createBenchEnvironment } from './bench-environment';

/**
 * The deadline reminder sweep (docs/deadlines.md#reminders) over 1,000,000 open deadlines: 250,000
 * processes (10 % confidential) with their own deadline and three return deadlines each, due days
 * spread from 60 days before the swept day to 180 after it (a quarter overdue), 400 users over the
 * departments (advance 2 days for most, 5 for a tenth, 0 for a tenth). The worker sweeps one
 * Wednesday in-process (pushes through the coordination backend; no SMTP), then sweeps it again
 * (nothing left to send). Goals: the first sweep ≤ 30 s; memory flat (peak RSS within 150 MB of the
 * start).
 */
const PROCESSES = 250_000;
const PER_PROCESS = 4;
const USERS = 400;
const DAY = '2026-03-18';
const GOAL_MS = 30_000;
const mb = (bytes: number) => bytes / 2 ** 20;
const GOAL_GROWTH_MB = 150;

async function seedUsers(dataSource: DataSource): Promise<string[]> {
  const rows: { id: string }[] = await dataSource.query(
    `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password,
                        deadline_reminder_days)
     SELECT 'prazos.u' || g, 'Servidor Prazos ' || g, 'prazos.u' || g || '@prefeitura.test',
            (SELECT name FROM departments ORDER BY name OFFSET g % (SELECT count(*) FROM departments) LIMIT 1),
            'operator', $1, false, CASE g % 10 WHEN 0 THEN 5 WHEN 1 THEN 0 ELSE 2 END
       FROM generate_series(1, $2::int) AS g
     RETURNING id`,
    [await hashPassword('bench-senha-1'), USERS],
  );
  return rows.map((row) => row.id);
}

/** Samples the process's memory every 50 ms while `work` runs. */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 50);
  const start = Date.now();
  try {
    const result = await work();
    return { result, ms: Date.now() - start, before, peakRss, peakHeap, after: process.memoryUsage() };
  } finally {
    clearInterval(timer);
  }
}

async function run(): Promise<BenchRow[]> {
  const environment = await createBenchEnvironment();
  let server: INestApplication | undefined;
  let worker: INestApplicationContext | undefined;
  try {
    server = await createServerApp(); // migrates the bench database
    const dataSource = server.get<DataSource>(getDataSourceToken());
    const userIds = await seedUsers(dataSource);
    const departments = (await dataSource.query<{ name: string }[]>(`SELECT name FROM departments`)).map((d) => d.name);
    const seedStart = Date.now();
    const deadlines = await seedOpenDeadlines(dataSource, {
      processes: PROCESSES,
      perProcess: PER_PROCESS,
      departments,
      userIds,
      dueFrom: '2026-01-17',
      dueSpreadDays: 240,
      confidentialRatio: 0.1,
    });
    await dataSource.query('VACUUM ANALYZE');
    console.log(`  ${deadlines.toLocaleString('pt-BR')} prazos abertos inseridos em ${Date.now() - seedStart} ms`);

    worker = await createWorkerApp();
    const reminders = worker.get(DeadlineRemindersService);
    // The boot sweep (today by the real clock: every deadline overdue, one digest per user) ends first;
    // the measured ones sweep DAY directly.
    const queue = worker.get(QueueService).queue(QUEUES.deadlines);
    const bootStart = Date.now();
    while (Object.values(await queue.getJobCounts('waiting', 'active', 'prioritized')).some((n) => n > 0)) {
      await sleep(200);
    }
    console.log(`  varredura do início (hoje real) concluída em ${Date.now() - bootStart} ms`);
    const first = await measured(() => reminders.sweep(DAY));
    const again = await measured(() => reminders.sweep(DAY));
    const sent = (r: SweepResult) => `${r.reminders.toLocaleString('pt-BR')} lembretes, ${r.digests} resumos`;
    console.log(`  1ª varredura: ${sent(first.result)}; 2ª: ${sent(again.result)}`);
    const suite = 'prazos';
    return [
      row(
        suite,
        `varredura de ${DAY} sobre ${deadlines.toLocaleString('pt-BR')} prazos abertos (${sent(first.result)})`,
        's',
        first.ms / 1000,
        { atMost: GOAL_MS / 1000 },
      ),
      row(suite, 'RSS antes', 'MB', mb(first.before.rss)),
      row(suite, 'RSS pico', 'MB', mb(first.peakRss)),
      row(suite, 'RSS depois', 'MB', mb(first.after.rss)),
      row(suite, 'crescimento do RSS até o pico', 'MB', mb(first.peakRss - first.before.rss), {
        atMost: GOAL_GROWTH_MB,
      }),
      row(suite, 'heap pico', 'MB', mb(first.peakHeap)),
      row(suite, `mesma varredura de novo (${sent(again.result)})`, 's', again.ms / 1000),
      row(suite, 'reenviados na 2ª varredura', 'itens', again.result.reminders + again.result.digests, { equals: 0 }),
      ...loadRows(suite, 'no fim'),
    ];
  } finally {
    await worker?.close();
    await server?.close();
    await environment.dispose();
  }
}

export const deadlineRemindersBench: Bench = { name: 'deadline-reminders', run };
