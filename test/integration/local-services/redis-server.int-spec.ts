import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';

const helper = resolve(__dirname, '..', '..', '..', 'scripts', 'local-services', 'redis-server.mjs');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** The redis-server `npm start` starts when Redis is installed but not running (real ES module, own process). */
describe('local redis-server for `npm start`', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'semgi-redis-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts the installed redis-server with the compose settings, then stops it', async () => {
    const port = await freePort();
    const script = `
      const { startRedisServer } = await import(${JSON.stringify(helper)});
      const redis = await startRedisServer({ binary: 'redis-server', dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
      console.log('URL ' + redis.url);
      process.stdin.resume();
      process.stdin.on('end', async () => { await redis.stop(); process.exit(0); });
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    let output = '';
    const url = await new Promise<string>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^URL (\S+)$/m.exec(output);
        if (match) done(match[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then((code) => fail(new Error(`o auxiliar terminou (${code}): ${output}`)));
    });
    expect(url).toBe(`redis://127.0.0.1:${port}`);

    const client = new Redis(url, { lazyConnect: true });
    await client.connect();
    await client.set('semgi:teste', 'ok');
    expect(await client.get('semgi:teste')).toBe('ok');
    expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
    await client.quit();

    child.stdin.end();
    expect(await exited).toBe(0);
  }, 30_000);
});
