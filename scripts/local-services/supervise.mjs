// Runs the server and the worker side by side for `npm start`: node processes spawned directly (no
// shell in between, so a signal reaches them), output prefixed line by line with the process name.
// When one stops by itself the others are stopped too.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLORS = { cyan: 36, magenta: 35 };

/**
 * `processes`: [{ name, entry, color }]. Returns `stop(signal)` and `done`, which resolves once every
 * process has exited with `{ ok }`: true when none failed (exit 0, or ended by the signal sent here).
 */
export function supervise(processes, { cwd, env, colors }) {
  let stopping = false;
  let ok = true;
  const children = processes.map(({ name, entry, color }) => {
    // The IPC channel is never used for messages: it closes when this process dies, however it
    // dies, and the child then stops itself (server/src/app/bounded-shutdown.ts).
    const child = spawn(process.execPath, [entry], { cwd, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    const label = colors ? `\u001b[${COLORS[color] ?? 0}m[${name}]\u001b[0m` : `[${name}]`;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${label} ${line}\n`));
    }
    const exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        const failed = code !== 0 && !(stopping && signal);
        if (failed) ok = false;
        if (!stopping) {
          process.stderr.write(`${label} terminou (${signal ?? `código ${code}`}): encerrando os demais.\n`);
          stop('SIGTERM');
        }
        resolve();
      });
      child.once('error', (error) => {
        ok = false;
        process.stderr.write(`${label} não iniciou: ${error.message}\n`);
        resolve();
      });
    });
    return { child, exited };
  });

  function stop(signal) {
    stopping = true;
    for (const { child } of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    }
  }

  const done = Promise.all(children.map(({ exited }) => exited)).then(() => ({ ok }));
  return { stop, done, pids: children.map(({ child }) => child.pid) };
}
