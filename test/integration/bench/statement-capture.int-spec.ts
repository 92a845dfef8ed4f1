import { join } from 'node:path';

const BENCH_DIST = join(__dirname, '..', '..', '..', 'dist', 'test', 'bench');

/**
 * The capital bench replays, on a bare pool, the SQL a request made in the server's own process
 * (test/bench/statement-capture.ts through bench-app.ts): what is recorded is what that request sent,
 * and nothing is recorded once the capture stops.
 */
describe('statement capture in a benchmark server process', () => {
  it('answers the statements of the requests made while it was on, and only those', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { forkChild } = require(join(BENCH_DIST, 'bench-children.js')) as typeof import('#test/bench/bench-children');
    const server = forkChild(join(BENCH_DIST, 'bench-app.js'), ['server']);
    const login = (url: string, username: string) =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'nenhuma-senha' }),
      });
    try {
      const { url } = await server.next<{ url: string }>('ready');
      const capturing = server.next('capturing');
      server.child.send({ kind: 'capture-start' });
      await capturing;
      expect((await login(url, 'capturado.na.medida')).status).toBe(401);
      let answer = server.next<{ statements: { text: string; values?: unknown[] }[] }>('captured');
      server.child.send({ kind: 'capture-stop' });
      const { statements } = await answer;
      expect(statements.some((s) => /FROM "users"/i.test(s.text) && s.values?.includes('capturado.na.medida'))).toBe(
        true,
      );

      expect((await login(url, 'fora.da.medida')).status).toBe(401);
      answer = server.next('captured');
      server.child.send({ kind: 'capture-stop' });
      expect((await answer).statements).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
