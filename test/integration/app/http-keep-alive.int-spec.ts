import { Agent, get } from 'node:http';
import { hold } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

/**
 * An idle keep-alive connection outlives Node's 5 s default (server/src/app/http-keep-alive.ts):
 * a client that reuses it after a pause must not race the server closing it (ECONNRESET).
 */
describe('HTTP keep-alive', () => {
  const { server } = useServerSuite();

  function healthThrough(agent: Agent): Promise<{ status?: number; reused: boolean; keepAlive: string }> {
    return new Promise((resolve, reject) => {
      const req = get(`${server.url}/api/health`, { agent }, (res) => {
        res.resume();
        res.once('end', () =>
          resolve({ status: res.statusCode, reused: req.reusedSocket, keepAlive: String(res.headers['keep-alive']) }),
        );
      });
      req.once('error', reject);
    });
  }

  it('keeps an idle connection open past 5 s and says for how long', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await healthThrough(agent);
      expect(first).toMatchObject({ status: 200, reused: false, keepAlive: 'timeout=65' });
      // Idle past Node's 5 s default: the scenario's pause, not a wait for something.
      await hold(6_000);
      const second = await healthThrough(agent);
      expect(second).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
