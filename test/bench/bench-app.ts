import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { createServerApp } from '#server/app/create-server-app';
import { createWorkerApp } from '#worker/create-worker-app';
import { exitWithParent } from './bench-children';
import { statementCapture } from './statement-capture';

/**
 * Child process of a benchmark: one server instance (`server`) or the worker (`worker`), each in
 * its own process and event loop as in a real deployment. Configured by the inherited environment.
 * Messages: → `{kind:'ready', url?}`; ← `{kind:'heap'}` → `{kind:'heap', heapUsed, rss}` (after a full GC
 * when run with --expose-gc); ← `{kind:'cpu'}` → `{kind:'cpu', cpuMs}` (CPU time used so far, user and
 * system); ← `{kind:'capture-start'}` → `{kind:'capturing'}` records the SQL statements sent from then on;
 * ← `{kind:'capture-stop'}` → `{kind:'captured', statements}` answers them (statement-capture.ts);
 * ← `{kind:'stop'}` closes the application and exits. It also closes and
 * exits when the bench process goes away (bench-children.ts).
 */
type Command =
  { kind: 'heap' } | { kind: 'cpu' } | { kind: 'capture-start' } | { kind: 'capture-stop' } | { kind: 'stop' };

const capture = statementCapture();

const role = process.argv[2];

async function start(): Promise<{ app: INestApplicationContext; url?: string }> {
  if (role === 'worker') return { app: await createWorkerApp() };
  if (role !== 'server') throw new Error(`papel desconhecido: ${role}`);
  const app = await createServerApp();
  await app.listen(0, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}` };
}

start().then(
  ({ app, url }) => {
    exitWithParent(() => app.close());
    process.on('message', (command: Command) => {
      if (command.kind === 'heap') {
        (globalThis as { gc?: () => void }).gc?.();
        const { heapUsed, rss } = process.memoryUsage();
        process.send?.({ kind: 'heap', heapUsed, rss });
      } else if (command.kind === 'cpu') {
        const { user, system } = process.cpuUsage();
        process.send?.({ kind: 'cpu', cpuMs: (user + system) / 1000 });
      } else if (command.kind === 'capture-start') {
        capture.start();
        process.send?.({ kind: 'capturing' });
      } else if (command.kind === 'capture-stop') {
        process.send?.({ kind: 'captured', statements: capture.stop() });
      } else {
        void app.close().finally(() => process.exit(0));
      }
    });
    process.send?.({ kind: 'ready', url });
  },
  (error: unknown) => {
    process.send?.({ kind: 'error', message: String(error) }, () => process.exit(1));
  },
);
