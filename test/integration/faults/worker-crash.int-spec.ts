import type { INestApplicationContext } from '@nestjs/common';
import { createUser } from '#test/factories/users';
import { startWorker } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { type BuiltProcess, spawnBuilt } from '#test/setup/built-process';
import { eventually } from '#test/setup/eventually';

const EVENTS = 4000;

/**
 * README, Faults, for the long job that exists today (the notifications relay): a worker killed
 * (SIGKILL) in the middle of relaying leaves half the events done; another worker finishes the job
 * and every event gives exactly one notification, none twice, none lost.
 */
describe('a worker crashing in the middle of the notifications relay', () => {
  const { server } = useServerSuite();
  let crashing: BuiltProcess | undefined;
  let worker: INestApplicationContext | undefined;

  afterAll(async () => {
    if (crashing?.child.exitCode === null) crashing.child.kill('SIGKILL');
    await worker?.close();
  });

  it('gives exactly one notification per event once another worker resumes', async () => {
    const user = await createUser(server.dataSource, { username: 'exporta.muito' });
    await server.dataSource.query(
      `INSERT INTO outbox_events (type, payload)
       SELECT 'export.ready', jsonb_build_object('userId', $1::text, 'title', 'Exportação ' || g, 'link', '#')
         FROM generate_series(1, $2::int) g ORDER BY g`,
      [user.id, EVENTS],
    );
    const stored = async () =>
      Number(
        (await server.dataSource.query(`SELECT count(*) AS n FROM notifications WHERE user_id = $1`, [user.id]))[0].n,
      );

    // The built worker starts relaying; it is killed as soon as part of the events are stored.
    crashing = spawnBuilt('worker/src/main.js', { ...process.env, LOG_LEVEL: 'warn' });
    await eventually(async () => (await stored()) > 0, `o worker começar o relay: ${crashing.output()}`, {
      timeoutMs: 60_000,
      intervalMs: 10,
    });
    crashing.child.kill('SIGKILL');
    await crashing.exited;
    const atCrash = await stored();
    expect(atCrash).toBeLessThan(EVENTS);

    worker = await startWorker();
    await eventually(
      async () =>
        Number(
          (await server.dataSource.query(`SELECT count(*) AS n FROM outbox_events WHERE processed_at IS NULL`))[0].n,
        ) === 0,
      'outro worker terminar o relay',
      { timeoutMs: 60_000 },
    );
    const [row] = await server.dataSource.query(
      `SELECT count(*) AS total, count(DISTINCT source_event_id) AS events, count(DISTINCT message) AS messages
         FROM notifications WHERE user_id = $1`,
      [user.id],
    );
    expect({ total: Number(row.total), events: Number(row.events), messages: Number(row.messages) }).toEqual({
      total: EVENTS,
      events: EVENTS,
      messages: EVENTS,
    });
    const [failed] = await server.dataSource.query(
      `SELECT count(*) AS n FROM outbox_events WHERE last_error IS NOT NULL OR attempts > 0`,
    );
    expect(Number(failed.n)).toBe(0);
  });
});
