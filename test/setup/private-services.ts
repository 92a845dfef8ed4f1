import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { eventually } from './eventually';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateRedis {
  url: string;
  /** Stops the server (SIGTERM: it writes its AOF and exits). */
  stop: () => Promise<void>;
  /** Starts it again on the same port, with its data or (`empty`) without. */
  start: (options?: { empty?: boolean }) => Promise<void>;
  /** Drops every subscriber connection (CLIENT KILL TYPE pubsub); the others stay connected. */
  killSubscribers: () => Promise<void>;
  /** Stops it and removes its files. */
  destroy: () => Promise<void>;
}

/**
 * A redis-server of this test file alone (AOF on, as compose runs it), so stopping it disturbs no
 * other test. Never the shared Redis.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const binary = execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'semgi-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const start = async ({ empty = false } = {}) => {
    if (empty) for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir];
    const started = spawn(binary, args, { stdio: 'ignore' });
    child = started;
    await eventually(() => ping(url), `o redis-server privado na porta ${port}`, {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url,
    start,
    stop,
    killSubscribers: async () => {
      const admin = new Redis(url, { maxRetriesPerRequest: 0 });
      try {
        await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      } finally {
        admin.disconnect();
      }
    },
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function ping(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export interface PrivatePostgres {
  /** URL of the `postgres` database of the cluster (user postgres, trust). */
  adminUrl: string;
  /** Fast shutdown (running transactions are aborted), as `docker stop` or a crash would. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
}

/**
 * A PostgreSQL cluster of this test file alone: Debian's initdb/pg_ctl into a temporary directory
 * on a free port, run as the `postgres` user when the tests run as root (initdb refuses root).
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'semgi-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  // Asynchronous: the server and worker under test run in this process and must keep running.
  const run = async (tool: string, args: string[]) => {
    const [command, fullArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    await promisify(execFile)(command, fullArgs, { cwd: dir });
  };
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await eventually(() => canConnect(adminUrl), `o PostgreSQL privado na porta ${port}`, {
    timeoutMs: 30_000,
    intervalMs: 200,
  });
  return {
    adminUrl,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`initdb não encontrado em ${root}/*/bin (apt-get install postgresql)`);
  return join(root, versions[0], 'bin');
}

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
