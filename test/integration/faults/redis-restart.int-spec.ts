import { resetEnvCache } from '#server/config/env';
import { api } from '#test/setup/app';
import { eventually, hold } from '#test/setup/eventually';
import { expectNothingLost, FAULT_WAIT, notificationsUnderOutages } from '#test/setup/notification-load';
import { type PrivateRedis, startPrivateRedis } from '#test/setup/private-services';
import { useServerSuite } from '#test/setup/server-suite';

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
    const result = await notificationsUnderOutages(server, async (load) => {
      for (const empty of [false, true, false, null]) {
        // Back to normal (health up, requests answered) before the next outage.
        await eventually(
          async () => (await api(server.url, 'GET', '/health')).status === 200,
          'o Redis de volta',
          FAULT_WAIT,
        );
        // The race of item 2, made frequent: only the server’s subscription drops, the worker’s
        // emitter stays connected and publishes while it is not back yet.
        for (let i = 0; i < 3; i++) {
          const before = load.created();
          await eventually(() => load.created() >= before + 10, 'processos criados com o Redis no ar', FAULT_WAIT);
          await load.disrupt('assinantes do Redis derrubados', () => redis.killSubscribers());
        }
        if (empty === null) break;
        await load.disrupt(empty ? 'Redis reiniciado vazio' : 'Redis reiniciado', async () => {
          await redis.stop();
          await hold(5000);
          await redis.start({ empty });
        });
      }
    });
    process.stdout.write(
      `[redis-restart] ${result.links.length} processos: ${result.links.length - result.caughtUp} eventos ao vivo, ` +
        `${result.caughtUp} pela sincronização pedida pelo servidor (${result.resyncs} vezes)\n`,
    );
    expectNothingLost(result);
    // Each of the 15 disruptions was followed by a resync (load.disrupt waits for it); events
    // published meanwhile came through the catch-up.
    expect(result.resyncs).toBeGreaterThanOrEqual(15);
    expect(result.caughtUp).toBeGreaterThan(0);
  });
});
