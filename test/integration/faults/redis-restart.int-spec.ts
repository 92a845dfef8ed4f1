import { resetEnvCache } from '#server/config/env';
import type { NotificationView } from '#server/contracts/notifications';
import type { ProcessMutationResponse } from '#server/contracts/processes';
import { pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { type PrivateRedis, startPrivateRedis } from '#test/setup/private-services';
import { NotificationFeed } from '@/modules/notifications/utils/notification-feed';
import { eventually, hold, quietPeriod } from '#test/setup/eventually';

/** Generous: these tests run on loaded 2-core machines. */
const WAIT = { timeoutMs: 30_000 };

/**
 * README, Faults: a private Redis behind a server and a worker stops for 5 s and comes
 * back (with its data, then empty, then with its data) while processes keep being created for a
 * department whose socket stays open. PostgreSQL and the outbox carry the truth: every committed
 * process gives one notification row, and one event on the open socket, live or by the catch-up the
 * server asks for when its subscription is back.
 */
describe('Redis restarts under load', () => {
  let redis: PrivateRedis;
  const { server } = useServerSuite({
    worker: true,
    before: async () => {
      redis = await startPrivateRedis();
      process.env.REDIS_URL = redis.url;
      resetEnvCache();
    },
    after: () => redis?.destroy(),
  });

  it('loses no notification and no event across three restarts; the socket stays open, the API never fails', async () => {
    await createUser(server.dataSource, { username: 'cria.redis', department: 'Administração' });
    const receiver = await createUser(server.dataSource, { username: 'recebe.redis', department: 'Infraestrutura' });
    const creator = await login(server.url, 'cria.redis', TEST_PASSWORD);
    const session = await login(server.url, 'recebe.redis', TEST_PASSWORD);

    // The receiver's tab: live pushes and the client's catch-up, merged by the shared feed.
    const socket = await connectSocket(server.url, session.token);
    const delivered = new Map<string, number>();
    let caughtUp = 0;
    let disconnects = 0;
    const pushedLive = new Set<string>();
    let resyncs = 0;
    const feed = new NotificationFeed<NotificationView>({
      sync: (afterSeq) => socket.timeout(20_000).emitWithAck('notifications:sync', { afterSeq }),
      onNotification: (n) => {
        delivered.set(n.link ?? '', (delivered.get(n.link ?? '') ?? 0) + 1);
        if (!pushedLive.has(n.id)) caughtUp += 1;
      },
      onUnreadCount: () => undefined,
    });
    feed.setBaseline(0);
    socket.on('disconnect', () => (disconnects += 1));
    socket.on('notification:new', (payload) => {
      pushedLive.add(payload.notification.id);
      feed.receive(payload);
    });
    socket.on('notifications:resync', () => {
      resyncs += 1;
      void feed.resync();
    });

    // Processes keep being created, two at a time, for the whole test.
    const created: string[] = [];
    const statuses: number[] = [];
    let loading = true;
    const creating = async () => {
      while (loading) {
        const res = await api<ProcessMutationResponse>(server.url, 'POST', '/processes', {
          token: creator.token,
          body: {
            subject: 'Reparo de iluminação',
            description: 'Poste apagado.',
            destinationDepartment: 'Infraestrutura',
          },
        });
        statuses.push(res.status);
        if (res.status === 201) created.push(res.body.process.id);
        else await hold(100);
      }
    };
    const load = Promise.all([creating(), creating()]);

    try {
      for (const empty of [false, true, false, null]) {
        // Back to normal (health up, requests answered) before the next outage.
        await eventually(
          async () => (await api(server.url, 'GET', '/health')).status === 200,
          'o Redis de volta',
          WAIT,
        );
        // The race of item 2, made frequent: only the server’s subscription drops, the worker’s
        // emitter stays connected and publishes while it is not back yet.
        for (let i = 0; i < 3; i++) {
          const before = created.length;
          await eventually(() => created.length >= before + 10, 'processos criados com o Redis no ar', WAIT);
          await redis.killSubscribers();
        }
        if (empty === null) break;
        await redis.stop();
        await hold(5000);
        await redis.start({ empty });
      }
    } finally {
      loading = false;
      await load;
    }

    const links = created.map((id) => `/semgi/process-details/${pid(id)}`);
    const rowsPerLink = async () => {
      const rows: { link: string; count: string }[] = await server.dataSource.query(
        `SELECT link, count(*) AS count FROM notifications WHERE user_id = $1 GROUP BY link`,
        [receiver.id],
      );
      return new Map(rows.map((r) => [r.link, Number(r.count)]));
    };
    await eventually(
      async () => {
        const rows = await rowsPerLink();
        return links.every((link) => rows.has(link));
      },
      'uma notificação por processo criado',
      WAIT,
    );
    await eventually(() => links.every((link) => delivered.has(link)), 'um evento por processo criado', {
      timeoutMs: 30_000,
    });
    await quietPeriod(500);

    process.stdout.write(
      `[redis-restart] ${created.length} processos: ${created.length - caughtUp} eventos ao vivo, ` +
        `${caughtUp} pela sincronização pedida pelo servidor (${resyncs} vezes)\n`,
    );
    const rows = await rowsPerLink();
    expect(links.filter((link) => rows.get(link) !== 1)).toEqual([]);
    expect([...delivered].filter(([, count]) => count !== 1)).toEqual([]);
    // Processes that answered 201 are all there is: nothing half-written produced a notification.
    expect([...rows.keys()].sort()).toEqual([...links].sort());
    expect([...delivered.keys()].sort()).toEqual([...links].sort());
    expect(disconnects).toBe(0);
    expect(socket.connected).toBe(true);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    // The subscription came back after each restart and most kills (a kill right after a restart
    // may find it not back yet); events published meanwhile came through the catch-up.
    expect(resyncs).toBeGreaterThanOrEqual(6);
    expect(caughtUp).toBeGreaterThan(0);
    socket.close();
  });
});
