import type { INestApplicationContext } from '@nestjs/common';
import { resetEnvCache } from '#server/config/env';
import { DeadlineRemindersService, REMINDER_DEADLINE_BATCH } from '#worker/deadlines/deadline-reminders.service';
import { ensureDepartments, seedDueOn } from '#test/factories/deadlines';
import { createUser } from '#test/factories/users';
import { startWorker } from '#test/setup/app';
import { quietPeriod } from '#test/setup/eventually';
import { deadlinesQueueDrained, killSweepAfterCommit } from '#test/setup/reminder-sweep-crash';
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
  let worker: INestApplicationContext | undefined;

  afterAll(async () => {
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
    await seedDueOn(server.dataSource, {
      processes: DEADLINES,
      department: 'Obras',
      userIds: users.map((u) => u.id),
      day: DAY,
    });
    const expected = DEADLINES * USERS;
    const perBatch = REMINDER_DEADLINE_BATCH * USERS;
    // The sweep of that day waits first in the queue; the built worker, slowed down after every
    // batch, takes it and dies mid-sweep: whole batches only.
    await killSweepAfterCommit(server, { day: DAY, delayMs: 400, committed: async () => (await dueToday()).n > 0 });
    const atCrash = await dueToday();
    expect(atCrash.n).toBeLessThan(expected);
    expect(atCrash.n % perBatch).toBe(0);
    expect(atCrash.pairs).toBe(atCrash.n);

    worker = await startWorker();
    await worker.get(DeadlineRemindersService).sweep(DAY);
    await deadlinesQueueDrained(server);
    await quietPeriod(1000);
    expect(await dueToday()).toEqual({ n: expected, pairs: expected });
    const [{ claims }] = await server.dataSource.query<{ claims: number }[]>(
      `SELECT count(*)::int AS claims FROM deadline_reminders WHERE kind = 'due-day' AND due_date = $1`,
      [DAY],
    );
    expect(claims).toBe(expected);
  });
});
