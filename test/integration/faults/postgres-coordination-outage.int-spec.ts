import type { INestApplicationContext } from '@nestjs/common';
import { resetEnvCache } from '#server/config/env';
import { api, type RunningServer, startServer, startWorker } from '#test/setup/app';
import { databaseUrl, withAdminClient } from '#test/setup/database';
import { eventually, hold } from '#test/setup/eventually';
import { expectNothingLost, FAULT_WAIT, notificationsUnderOutages } from '#test/setup/notification-load';
import { type PrivatePostgres, startPrivatePostgres } from '#test/setup/private-services';

/**
 * The PostgreSQL coordination backend keeps the Redis guarantee (README, "Redis ou PostgreSQL"):
 * while processes keep being created for a department whose socket stays open, the server's LISTEN
 * connection is killed six times and the private cluster restarts once (5 s down). Events NOTIFYed
 * while nobody listened come through the catch-up the server asks for when its LISTEN is back:
 * every committed process gives one notification row and one event on the open socket.
 */
describe('PostgreSQL coordination: LISTEN dropped and PostgreSQL restarted under load', () => {
  let postgres: PrivatePostgres;
  let server: RunningServer;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    process.env.DATABASE_URL = databaseUrl(postgres.adminUrl, 'semgi');
    process.env.COORDINATION = 'postgres';
    resetEnvCache();
    server = await startServer();
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker?.close();
    await server?.close();
    await postgres?.destroy();
  });

  /** Ends the server's Socket.IO connections (its LISTEN among them); BullMQ's and the emitter's stay. */
  const killListeners = () =>
    withAdminClient(postgres.adminUrl, (client) =>
      client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'semgi-io'`),
    );

  it('loses no notification and no event; the socket stays open, the API never fails', async () => {
    const result = await notificationsUnderOutages(server, async (load) => {
      for (const restart of [true, false]) {
        await eventually(
          async () => (await api(server.url, 'GET', '/health')).status === 200,
          'o PostgreSQL de volta',
          FAULT_WAIT,
        );
        for (let i = 0; i < 3; i++) {
          const before = load.created();
          await eventually(() => load.created() >= before + 10, 'processos criados', FAULT_WAIT);
          await load.disrupt('LISTEN derrubado', killListeners);
        }
        if (!restart) break;
        await load.disrupt('PostgreSQL reiniciado', async () => {
          await postgres.stop();
          await hold(5000);
          await postgres.start();
        });
      }
    });
    process.stdout.write(
      `[pg-coordination] ${result.links.length} processos: ${result.links.length - result.caughtUp} ao vivo, ` +
        `${result.caughtUp} pela sincronização (${result.resyncs} vezes)\n`,
    );
    expectNothingLost(result);
    // Each of the 7 disruptions was followed by a resync (load.disrupt waits for it).
    expect(result.resyncs).toBeGreaterThanOrEqual(7);
    expect(result.caughtUp).toBeGreaterThan(0);
  });
});
