import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..', 'dist');

export interface BuiltProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** The built server or worker (`server/src/main.js`, `worker/src/main.js`) as a child process. */
export function spawnBuilt(entry: string, env: NodeJS.ProcessEnv): BuiltProcess {
  const child = spawn(process.execPath, [join(DIST, entry)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
