import { type BuiltProcess, spawnBuilt } from '#test/setup/built-process';
import { freePort, type PrivateRedis, startPrivateRedis } from '#test/setup/private-services';
import { eventually, hold } from '#test/setup/eventually';

const SHUTDOWN_TIMEOUT_MS = 3000;

const count = (text: string, needle: string) => text.split(needle).length - 1;

/** README, Faults: SIGTERM with Redis gone ends both processes within the deadline. */
describe('shutdown with Redis gone', () => {
  let redis: PrivateRedis;
  const children: BuiltProcess[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    await redis?.destroy();
  });

  it('server and worker log each outage once and exit within SHUTDOWN_TIMEOUT_MS, with no unhandled error', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      REDIS_URL: redis.url,
      PORT: String(port),
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      LOG_LEVEL: 'info',
    };
    const server = spawnBuilt('server/src/main.js', env);
    const worker = spawnBuilt('worker/src/main.js', env);
    children.push(server, worker);
    await eventually(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200,
      `o servidor respondendo: ${server.output()}`,
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    await eventually(() => worker.output().includes('filas ativas'), `o worker pronto: ${worker.output()}`, {
      timeoutMs: 60_000,
      intervalMs: 200,
    });

    const both = [
      ['servidor', server],
      ['worker', worker],
    ] as const;
    const eachLogs = async (text: string, times: number, what: string) => {
      for (const [name, spawned] of both) {
        await eventually(() => count(spawned.output(), text) >= times, `o ${name} ${what}`, { timeoutMs: 30_000 });
      }
    };
    // An outage and its end: one line each, however many reconnection attempts go by.
    await redis.stop();
    await eachLogs('Redis indisponível', 1, 'notar a queda do Redis');
    await hold(2000);
    await redis.start();
    await eachLogs('Redis de volta', 1, 'notar a volta do Redis');
    // Then Redis goes away for good, and the processes are asked to stop.
    await redis.stop();
    await eachLogs('Redis indisponível', 2, 'notar a segunda queda do Redis');

    const started = Date.now();
    server.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    await Promise.all([server.exited, worker.exited]);
    const elapsed = Date.now() - started;

    expect(elapsed).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 3000);
    for (const { output } of [server, worker]) {
      const log = output();
      expect(log).toContain('SIGTERM recebido: encerrando');
      expect(log).toMatch(/"msg":"encerrado"|encerramento não terminou em 3000 ms/);
      expect(count(log, 'Redis indisponível')).toBe(2);
      expect(count(log, 'Redis de volta')).toBe(1);
      expect(log).not.toContain('Unhandled error event');
    }
  });
});
