import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

const helper = resolve(__dirname, '..', '..', '..', 'scripts', 'local-services', 'embedded-postgres.mjs');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * Runs the helper `npm start` uses as a real ES module in its own Node process (as start.mjs does):
 * it prints the DATABASE_URL once the cluster is up and stops the cluster when its stdin closes.
 */
function runHelper(dataDir: string, port: number): { child: ChildProcessWithoutNullStreams; url: Promise<string> } {
  const script = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(helper)});
    const pg = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
    console.log('URL ' + pg.url);
    process.stdin.resume();
    process.stdin.on('end', async () => { await pg.stop(); console.log('STOPPED'); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: resolve(helper, '..') });
  let output = '';
  const url = new Promise<string>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^URL (\S+)$/m.exec(output);
      if (match) done(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`o auxiliar terminou (${code}): ${output}`)));
  });
  return { child, url };
}

function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((done) => {
    child.once('exit', done);
    child.stdin.end();
  });
}

describe('embedded PostgreSQL for `npm start`', () => {
  const dataRoot = mkdtempSync(join(tmpdir(), 'semgi-embedded-pg-'));
  // As root the cluster runs as an unprivileged user, who must reach the folder (mkdtemp makes it 0700).
  chmodSync(dataRoot, 0o755);
  const running = new Set<ChildProcessWithoutNullStreams>();
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await Promise.all([...running].filter((child) => child.exitCode === null).map(stop));
    rmSync(dataRoot, { recursive: true, force: true });
  });
  const connect = async (url: string) => {
    const client = new Client({ connectionString: url.replace(/\/semgi$/, '/postgres') });
    client.on('error', () => undefined);
    clients.push(client);
    await client.connect();
    return client;
  };

  it('initialises a PostgreSQL 16 cluster, serves it on the given port and keeps its data across restarts', async () => {
    const dataDir = join(dataRoot, 'postgres');
    const port = await freePort();

    const first = runHelper(dataDir, port);
    running.add(first.child);
    const url = await first.url;
    expect(url).toMatch(new RegExp(`^postgres://postgres:[^@]+@127\\.0\\.0\\.1:${port}/semgi$`));
    const admin = await connect(url);
    const { rows } = await admin.query<{ version: string }>("SELECT current_setting('server_version') AS version");
    expect(rows[0].version).toMatch(/^16\./);
    await admin.query('CREATE TABLE kept (value text)');
    await admin.query("INSERT INTO kept VALUES ('ainda aqui')");
    await admin.end();
    expect(await stop(first.child)).toBe(0);

    const second = runHelper(dataDir, port);
    running.add(second.child);
    expect(await second.url).toBe(url);
    const again = await connect(url);
    const kept = await again.query<{ value: string }>('SELECT value FROM kept');
    expect(kept.rows).toEqual([{ value: 'ainda aqui' }]);
    await again.end();
    expect(await stop(second.child)).toBe(0);
  }, 40_000);
});
