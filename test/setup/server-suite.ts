import type { INestApplicationContext } from '@nestjs/common';
import { resetEnvCache } from '#server/config/env';
import { startServer, startWorker, type RunningServer } from './app';

export interface ServerSuiteOptions {
  /** Also start a worker (queues, outbox relay, pushes); closed before the server. */
  worker?: boolean;
  /** How many servers (several share the database and Redis, as behind a load balancer). Default 1. */
  servers?: number;
  /** Runs before anything starts: services of the file's own, environment the start-up reads. */
  before?: () => Promise<void> | void;
  /** Runs after everything closed (undoes `before`). */
  after?: () => Promise<void> | void;
}

/** A suite whose server believes X-Forwarded-For from loopback, so each test picks its client addresses. */
export const TRUSTING_LOOPBACK_PROXY: Pick<ServerSuiteOptions, 'before' | 'after'> = {
  before: () => {
    process.env.TRUST_PROXY = 'loopback';
    resetEnvCache();
  },
  after: () => {
    delete process.env.TRUST_PROXY;
    resetEnvCache();
  },
};

export interface ServerSuite {
  /** The (first) server. Its fields may be read only inside hooks and tests. */
  server: RunningServer;
  /** Every server, `servers` of them. */
  servers: RunningServer[];
  /** The worker; reading it without `worker: true` throws. */
  worker: INestApplicationContext;
}

/**
 * Stands for an object made in a `beforeAll`: a file can destructure it at the top and use it as
 * if it were already there; reading it earlier fails with a clear message.
 */
function lateBound<T extends object>(what: string, get: () => T | undefined): T {
  const target = () => get() ?? fail(`${what} ainda não foi iniciado: use-o dentro de hooks e testes`);
  return new Proxy({} as T, {
    get(_, key) {
      const object = target();
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
    has: (_, key) => Reflect.has(target(), key),
  });
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * Registers the hooks of an integration test file: a real server (and a worker when asked) on this
 * file's database and Redis prefix, started before the `beforeAll` hooks declared after this call and
 * closed after the tests (worker first). Jest runs `afterAll` hooks in declaration order, so the
 * file's own `afterAll` hooks run after the close: what must happen before it goes in `before`/`after`.
 */
export function useServerSuite(options: ServerSuiteOptions = {}): ServerSuite {
  const started: RunningServer[] = [];
  let worker: INestApplicationContext | undefined;
  beforeAll(async () => {
    await options.before?.();
    for (let i = 0; i < (options.servers ?? 1); i++) started.push(await startServer());
    if (options.worker) worker = await startWorker();
  });
  afterAll(async () => {
    await worker?.close();
    for (const server of started.reverse()) await server.close();
    await options.after?.();
  });
  return {
    server: lateBound('o servidor', () => started[0]),
    servers: Array.from({ length: options.servers ?? 1 }, (_, i) => lateBound(`o servidor ${i + 1}`, () => started[i])),
    worker: lateBound(options.worker ? 'o worker' : 'o worker (useServerSuite({ worker: true }))', () => worker),
  };
}
