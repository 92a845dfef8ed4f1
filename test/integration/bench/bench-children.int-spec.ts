import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '#test/setup/eventually';

const BENCH_DIST = join(__dirname, '..', '..', '..', 'dist', 'test', 'bench');

/** Running (a zombie waiting for an orphan reaper counts as gone). */
const alive = (pid: number) => {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== undefined && state !== 'Z';
  } catch {
    return false;
  }
};

/**
 * A benchmark's child processes (socket clients, servers, worker) die with the bench process, even
 * when it is killed outright (test/bench/bench-children.ts): a failed run leaves nothing running.
 */
describe('benchmark child processes', () => {
  it('exit when the bench process is killed with SIGKILL', async () => {
    // A bench process that forks a worker (this file's database and Redis prefix, from the
    // environment), waits until it is up (queues, timers and connections keep it running) and prints its pid.
    const script = `
      const { forkChild } = require(${JSON.stringify(join(BENCH_DIST, 'bench-children.js'))});
      const worker = forkChild('./bench-app', ['worker']);
      worker.next('ready').then(() => console.log('pid do worker: ' + worker.child.pid));
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', script], { cwd: BENCH_DIST, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const workerPid = () => Number(/pid do worker: (\d+)/.exec(output)?.[1]);
    try {
      await eventually(() => workerPid() > 0, 'o worker do benchmark iniciar', { timeoutMs: 60_000 });
      expect(alive(workerPid())).toBe(true);

      parent.kill('SIGKILL');
      await eventually(() => !alive(workerPid()), 'o worker do benchmark terminar', { timeoutMs: 15_000 });
    } finally {
      parent.kill('SIGKILL');
      if (alive(workerPid())) process.kill(workerPid(), 'SIGKILL');
    }
  });
});
