import type { INestApplicationContext } from '@nestjs/common';
import { UserEntity } from '#server/database/entities/index';
import { ensureDepartments, seedDueOn } from '#test/factories/deadlines';
import { createUser } from '#test/factories/users';
import { startWorker } from '#test/setup/app';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { deadlinesQueueDrained, killSweepAfterCommit } from '#test/setup/reminder-sweep-crash';
import { useServerSuite } from '#test/setup/server-suite';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

const DAY = '2026-03-20';
const DEADLINES = 3;

/**
 * A worker killed (SIGKILL) after a reminder batch committed and before it queued the batch's
 * e-mails (docs/deadlines.md#reminders): the e-mails are owed in the database, and the next worker
 * sends each of them once, through a real SMTP server.
 */
describe('a worker killed between a reminder batch and its e-mails', () => {
  const smtp = new TestSmtpServer();
  const { server } = useServerSuite(smtpSuite(smtp, { WORKER_LOCK_MS: '3000', MAIL_RATE_PER_SECOND: '100' }));
  let worker: INestApplicationContext | undefined;

  afterAll(async () => {
    await worker?.close();
  });

  const dueToday = (): Promise<{ id: string; email: string }[]> =>
    server.dataSource.query(
      `SELECT n.id, u.email FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.title = 'Prazo vence hoje' ORDER BY n.id`,
    );
  const owed = async () =>
    (await server.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM deadline_reminder_mails`))[0].n;

  it('e-mails every reminder of the committed batch exactly once after the restart', async () => {
    await ensureDepartments(server.dataSource, ['Obras']);
    const users = await Promise.all(
      ['um', 'dois', 'sem.email'].map((name) =>
        createUser(server.dataSource, { username: `crash.mail.${name}`, department: 'Obras' }),
      ),
    );
    await server.dataSource.getRepository(UserEntity).update(users[2].id, {
      preferences: { theme: 'system', notifications: { email: false, system: true } },
    });
    await seedDueOn(server.dataSource, {
      processes: DEADLINES,
      department: 'Obras',
      userIds: users.map((u) => u.id),
      day: DAY,
    });
    // The built worker takes the sweep of that day, commits its one batch and, paused right after
    // the commit, is killed before queueing anything.
    await killSweepAfterCommit(server, {
      day: DAY,
      delayMs: 10_000,
      committed: async () => (await dueToday()).length > 0,
    });
    const stored = await dueToday();
    expect(stored).toHaveLength(DEADLINES * users.length);
    expect(await owed()).toBe(DEADLINES * 2);
    await quietPeriod(500);
    expect(smtp.received).toHaveLength(0);
    // A reminder its reader deletes before the e-mail is queued owes nothing: its row (no foreign
    // key, docs/deadlines.md#the-reminder-sweep-at-1000000-deadlines) is taken and queues no e-mail.
    const owedFor = stored.filter((row) => row.email !== users[2].email);
    const deleted = owedFor[0];
    await server.dataSource.query(`DELETE FROM notifications WHERE id = $1`, [deleted.id]);
    expect(await owed()).toBe(DEADLINES * 2);

    // The next worker queues what is owed (its first sweep), and the stalled sweep is taken over.
    worker = await startWorker();
    const mailed = owedFor.filter((row) => row !== deleted);
    const mailIds = () => smtp.received.filter((m) => m.subject === 'SEMGI: Prazo vence hoje').map((m) => m.messageId);
    await eventually(() => mailIds().length >= mailed.length, 'os e-mails devidos', { timeoutMs: 30_000 });
    await deadlinesQueueDrained(server);
    await quietPeriod(1500);
    expect(mailIds().sort()).toEqual(mailed.map((row) => `<notification-${row.id}@semgi>`).sort());
    expect(smtp.to(users[2].email)).toHaveLength(0);
    expect(await owed()).toBe(0);
    expect(await dueToday()).toEqual(stored.filter((row) => row !== deleted));
  });
});
