// A local `redis-server` for `npm start` when one is installed but not running. Data under `dataDir`.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { waitForPort } from './net.mjs';

export async function startRedisServer({ binary, dataDir, port, log = () => undefined }) {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const args = ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir];
  // As in docker-compose.yml: queued jobs survive a restart; BullMQ must never lose keys.
  args.push('--appendonly', 'yes', '--maxmemory-policy', 'noeviction');
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => String(chunk).split('\n').filter(Boolean).forEach(log));
  }
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const ready = await Promise.race([waitForPort(port, 15_000), exited.then(() => false)]);
  if (!ready) {
    child.kill('SIGTERM');
    throw new Error(`redis-server não iniciou na porta ${port} / redis-server did not start on port ${port}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
