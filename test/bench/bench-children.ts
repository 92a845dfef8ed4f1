import { type ChildProcess, fork } from 'node:child_process';

/**
 * The benchmarks' child processes (server instances, the worker, the socket clients), from both
 * sides. A child is tied to its parent: it exits when the parent's IPC channel closes, whether the
 * parent finished, failed or was killed, so no server, worker or socket client outlives its bench.
 */
type Message = { kind: string; message?: string };

/** Parent side: forks `module` (resolved from this folder) and reads its messages by kind. */
export function forkChild(
  module: string,
  args: string[] = [],
  options: { execArgv?: string[]; env?: NodeJS.ProcessEnv } = {},
) {
  const child: ChildProcess = fork(require.resolve(module), args, { stdio: 'inherit', ...options });
  /** The child's next message of `kind`; an `error` message or the child's exit rejects. */
  const next = <T>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => {
        child.off('message', onMessage);
        reject(new Error(`${module} ${args.join(' ')} saiu (${code})`));
      };
      const onMessage = (message: Message) => {
        if (message.kind !== kind && message.kind !== 'error') return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (message.kind === 'error') reject(new Error(message.message));
        else resolve(message as T);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  /** Asks the child to stop (`{kind:'stop'}`) and kills it if it has not exited within 15 s. */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ kind: 'stop' });
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(kill);
  };
  return { child, next, stop };
}

export type Child = ReturnType<typeof forkChild>;

/** BENCH_CPU_PROF=<dir>: the Node options that make a child write a V8 CPU profile into <dir> when it stops. */
export function profilingArgv(): string[] {
  const profile = process.env.BENCH_CPU_PROF;
  return profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
}

/**
 * Child side: when the parent goes away (its IPC channel closes), run `cleanup` for at most 5 s
 * and exit.
 */
export function exitWithParent(cleanup: () => Promise<unknown> = async () => undefined): void {
  process.once('disconnect', () => {
    const timer = setTimeout(() => process.exit(1), 5_000);
    timer.unref();
    void cleanup().finally(() => process.exit(1));
  });
}
