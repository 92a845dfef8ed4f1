import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { createServerApp } from '#server/app/create-server-app';
import { loadEnv, resetEnvCache } from '#server/config/env';
import type { ProcessMutationResponse } from '#server/contracts/processes';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { AccessTokenService } from '#server/modules/auth/access-token.service';
import { createWorkerApp } from '#worker/create-worker-app';
import { databaseUrl, dropDatabase, withAdminClient } from '#test/setup/database';
import { type Bench, type BenchRow, ms, percentile } from './bench-kit';

/**
 * Issue 4 §7: 1,000 authenticated sockets spread over two server instances (Redis adapter) and the
 * worker (relay + Redis emitter); 10 forwards per second for 30 s through POST /processes/{id}/forward,
 * each notifying the 125 users of the destination department. Measures forward → `notification:new`
 * latency at the clients (from the HTTP answer, i.e. just after the commit; and from the request),
 * lost and duplicated events, and server heap per socket.
 * The clients run in a child process (their memory and event loop are not the servers').
 * Goal: p99 ≤ 50 ms, 0 lost.
 */
const SOCKETS = 1000;
const RATE_PER_SECOND = 10;
const DURATION_S = 30;
const FORWARDS = RATE_PER_SECOND * DURATION_S;
const now = () => performance.timeOrigin + performance.now();

async function startServer(): Promise<{ app: NestExpressApplication; url: string }> {
  const app = await createServerApp();
  await app.listen(0, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}` };
}

async function waitForDrain(pool: Pool, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM outbox_events WHERE processed_at IS NULL`);
    if ((rows[0] as { n: number }).n === 0) return;
    if (Date.now() > deadline) throw new Error('o relay não esvaziou o outbox a tempo');
    await sleep(100);
  }
}

function clientsProcess() {
  const child = fork(require.resolve('./notification-clients'), [], { stdio: 'inherit' });
  const next = <T>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { kind: string; message?: string }) => {
        if (message.kind === 'error') reject(new Error(message.message));
        else if (message.kind === kind) {
          child.off('message', onMessage);
          resolve(message as T);
        }
      };
      child.on('message', onMessage);
    });
  return { child, next };
}

async function run(): Promise<BenchRow[]> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `semgi_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const prefix = `semgi-bench-${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(adminUrl, name),
    REDIS_PREFIX: prefix,
    STORAGE_DIR: `/tmp/${prefix}/uploads`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    INITIAL_ADMIN_PASSWORD: 'bench-admin-1',
    LOG_LEVEL: 'silent',
  });
  resetEnvCache();
  const a = await startServer();
  const b = await startServer();
  let worker: INestApplicationContext | undefined;
  const pool = new Pool({ connectionString: loadEnv().DATABASE_URL, max: 5 });
  const clients = clientsProcess();
  try {
    worker = await createWorkerApp();
    // 1,000 operators over the 8 departments (125 each) and one admin who forwards.
    const departments = [...DEFAULT_DEPARTMENTS];
    await pool.query(
      `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
       SELECT 'bench.' || g, 'Servidor ' || g, 'bench.' || g || '@prefeitura.test', ($1::text[])[1 + g % 8],
              'operator', 'x', false
       FROM generate_series(1, $2::int) g`,
      [departments, SOCKETS],
    );
    const { rows: adminRows } = await pool.query(
      `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
       VALUES ('bench.admin', 'Admin Bench', 'bench.admin@prefeitura.test', 'Gabinete', 'admin', 'x', false)
       RETURNING id`,
    );
    const tokens = a.app.get(AccessTokenService);
    const sign = (id: string) => tokens.sign({ sub: id, fam: randomUUID() }).token;
    const adminToken = sign((adminRows[0] as { id: string }).id);
    const { rows: operators } = await pool.query(`SELECT id FROM users WHERE role = 'operator' ORDER BY username`);

    // One process per forward, each starting in a department and forwarded to the next one (the
    // admin works in Gabinete, the origin of every process, so Gabinete is never a destination).
    const cycle = departments.filter((d) => d !== 'Gabinete');
    const processes: { id: string; from: string; to: string }[] = [];
    for (let i = 0; i < FORWARDS; i++) {
      const from = cycle[i % cycle.length];
      const res = await fetch(`${a.url}/api/processes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          subject: `Processo de carga ${i}`,
          description: 'Benchmark de notificações',
          destinationDepartment: from,
        }),
      });
      if (res.status !== 201) throw new Error(`criação respondeu ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as ProcessMutationResponse;
      processes.push({ id: body.process.id, from: body.process.currentDepartment, to: cycle[(i + 1) % cycle.length] });
    }
    await waitForDrain(pool);

    const heapBefore = process.memoryUsage().heapUsed;
    clients.child.send({
      kind: 'connect',
      urls: [a.url, b.url],
      tokens: operators.map((row: { id: string }) => sign(row.id)),
    });
    await clients.next('connected');
    await sleep(1000);
    const heapAfter = process.memoryUsage().heapUsed;
    console.log(`  ${SOCKETS} sockets conectados (metade em cada instância)`);

    // 10 forwards per second for 30 s, alternating the instance that receives them.
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const inFlight: Promise<void>[] = [];
    const start = now();
    for (let i = 0; i < FORWARDS; i++) {
      const due = start + (i * 1000) / RATE_PER_SECOND;
      if (due > now()) await sleep(due - now());
      const p = processes[i];
      const url = i % 2 === 0 ? a.url : b.url;
      sentAt.set(p.id, now());
      inFlight.push(
        fetch(`${url}/api/processes/${encodeURIComponent(p.id)}/forward`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ destinationDepartment: p.to, comment: 'Encaminhamento de carga' }),
        }).then(async (res) => {
          answeredAt.set(p.id, now());
          if (res.status !== 200) throw new Error(`encaminhamento respondeu ${res.status}: ${await res.text()}`);
        }),
      );
    }
    await Promise.all(inFlight);
    await waitForDrain(pool);
    await sleep(2000);

    clients.child.send({ kind: 'report' });
    const { received } = await clients.next<{ received: [string, number][] }>('report');
    const { rows: expected } = await pool.query(
      `SELECT n.id, o.payload->>'processId' AS "processId"
         FROM notifications n JOIN outbox_events o ON o.id = n.source_event_id
        WHERE o.type = 'process.forwarded'`,
    );
    const processOf = new Map(expected.map((row: { id: string; processId: string }) => [row.id, row.processId]));
    const seen = new Set<string>();
    let duplicates = 0;
    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    for (const [id, at] of received) {
      const processId = processOf.get(id);
      if (!processId) continue;
      if (seen.has(id)) {
        duplicates++;
        continue;
      }
      seen.add(id);
      fromAnswer.push(at - (answeredAt.get(processId) ?? NaN));
      fromRequest.push(at - (sentAt.get(processId) ?? NaN));
    }
    const lost = processOf.size - seen.size;
    const perSocket = (heapAfter - heapBefore) / SOCKETS;
    const p99 = percentile(fromAnswer, 99);
    const suite = `notificações: ${SOCKETS} sockets / 2 instâncias, ${RATE_PER_SECOND} encaminhamentos/s por ${DURATION_S} s`;
    return [
      { suite, metric: 'notificações esperadas', value: String(processOf.size) },
      { suite, metric: 'commit (resposta) → evento p50', value: ms(percentile(fromAnswer, 50)) },
      { suite, metric: 'commit (resposta) → evento p99', value: ms(p99), goal: '≤ 50 ms', ok: p99 <= 50 },
      {
        suite,
        metric: 'requisição → evento p50 / p99',
        value: `${ms(percentile(fromRequest, 50))} / ${ms(percentile(fromRequest, 99))}`,
      },
      { suite, metric: 'perdidas', value: String(lost), goal: '0', ok: lost === 0 },
      { suite, metric: 'duplicadas', value: String(duplicates), goal: '0', ok: duplicates === 0 },
      { suite, metric: 'heap dos servidores por socket', value: `${(perSocket / 1024).toFixed(1)} KiB` },
    ];
  } finally {
    if (clients.child.exitCode === null) clients.child.kill();
    await worker?.close();
    await b.app.close();
    await a.app.close();
    await pool.end();
    await dropDatabase(adminUrl, name);
    await rm(`/tmp/${prefix}`, { recursive: true, force: true });
    const redis = new Redis(loadEnv().REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
}

export const notificationsBench: Bench = { name: 'notifications', run };
