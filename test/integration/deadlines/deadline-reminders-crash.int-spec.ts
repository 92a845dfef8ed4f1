import type { INestApplicationContext } from '@nestjs/common';
import { resetEnvCache } from '#server/config/env';
import { QUEUES } from '#server/contracts/jobs';
import { BullBackend } from '#server/coordination/bull-backend';
import { QueueService } from '#server/queue/queue.service';
import { DeadlineRemindersService, REMINDER_DEADLINE_BATCH } from '#worker/deadlines/deadline-reminders.service';
import { ensureDepartments, seedOpenDeadlines } from '#test/factories/deadlines';
import { createUser } from '#test/factories/users';
import { startWorker } from '#test/setup/app';
import { type BuiltProcess, spawnBuilt } from '#test/setup/built-process';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

const DAY = '2026-03-20';
const DEADLINES = 6 * REMINDER_DEADLINE_BATCH;
const USERS = 4;
/** Job lock of the workers: the killed worker's sweep is taken over within about three times this. */
const LOCK_MS = '3000';

/**
 * A worker killed (SIGKILL) in the middle of the reminder sweep (docs/deadlines.md#reminders): what
 * it committed stays sent, nothing half of a batch; the next sweeps — the stalled job taken over,
 * another worker's own run — send the rest, and every reminder exists exactly once.
 */
describe('a worker killed in the middle of the deadline reminder sweep', () => {
  const { server } = useServerSuite({
    before: () => {
      process.env.WORKER_LOCK_MS = LOCK_MS;
      resetEnvCache();
    },
    after: () => {
      delete process.env.WORKER_LOCK_MS;
    },
  });
  let crashing: BuiltProcess | undefined;
  let worker: INestApplicationContext | undefined;

  afterAll(async () => {
    if (crashing?.child.exitCode === null) crashing.child.kill('SIGKILL');
    await worker?.close();
  });

  const dueToday = async () => {
    const [row] = await server.dataSource.query<{ n: number; pairs: number }[]>(
      `SELECT count(*)::int AS n, count(DISTINCT (user_id, link))::int AS pairs
         FROM notifications WHERE title = 'Prazo vence hoje'`,
    );
    return row;
  };

  it('sends every due-day reminder exactly once', async () => {
    await ensureDepartments(server.dataSource, ['Obras']);
    const users = await Promise.all(
      Array.from({ length: USERS }, () => createUser(server.dataSource, { department: 'Obras' })),
    );
    await seedOpenDeadlines(server.dataSource, {
      processes: DEADLINES,
      perProcess: 1,
      departments: ['Obras'],
      userIds: users.map((u) => u.id),
      dueFrom: DAY,
      dueSpreadDays: 1,
    });
    const expected = DEADLINES * USERS;
    const perBatch = REMINDER_DEADLINE_BATCH * USERS;
    // The sweep of that day waits first in the queue; the built worker, slowed down after every
    // batch, takes it…
    await server.app.get(QueueService).enqueue('deadlines.remind', { day: DAY }, { attempts: 3 });
    crashing = spawnBuilt('worker/src/main.js', {
      ...process.env,
      DEADLINE_REMINDER_TEST_DELAY_MS: '400',
      LOG_LEVEL: 'warn',
    });
    await eventually(async () => (await dueToday()).n > 0, `o primeiro lote: ${crashing.output()}`, {
      timeoutMs: 60_000,
      intervalMs: 20,
    });
    // …and dies mid-sweep: whole batches only.
    crashing.child.kill('SIGKILL');
    await crashing.exited;
    const atCrash = await dueToday();
    expect(atCrash.n).toBeLessThan(expected);
    expect(atCrash.n % perBatch).toBe(0);
    expect(atCrash.pairs).toBe(atCrash.n);

    worker = await startWorker();
    const queue = server.app.get(BullBackend).queue(QUEUES.deadlines);
    await worker.get(DeadlineRemindersService).sweep(DAY);
    await eventually(
      async () => {
        const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
        return Object.values(counts).every((n) => n === 0);
      },
      'a fila de prazos esvaziar (o job parado retomado)',
      { timeoutMs: 30_000 },
    );
    await quietPeriod(1000);
    expect(await dueToday()).toEqual({ n: expected, pairs: expected });
    const [{ claims }] = await server.dataSource.query<{ claims: number }[]>(
      `SELECT count(*)::int AS claims FROM deadline_reminders WHERE kind = 'due-day' AND due_date = $1`,
      [DAY],
    );
    expect(claims).toBe(expected);
  });
});
