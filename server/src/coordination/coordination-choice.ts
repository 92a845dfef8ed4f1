import { connect } from 'node:net';
import type { Env } from '#server/config/env';
import type { CoordinationBackend } from '#server/contracts/health';

/** Where queues, sockets between processes, rate limits and the export hand-off meet. */
export type Coordination = CoordinationBackend;

/** The address probed when REDIS_URL is unset (the default of REDIS_URL). */
export const DEFAULT_REDIS_HOST = '127.0.0.1';
export const DEFAULT_REDIS_PORT = 6379;

/**
 * The boot-time choice (README, "Redis ou PostgreSQL"): COORDINATION forces one; otherwise Redis
 * when REDIS_URL is set or the default address answers, else PostgreSQL.
 */
export async function chooseCoordination(
  env: Pick<Env, 'COORDINATION' | 'redisUrlConfigured'>,
  redisAnswers: () => Promise<boolean>,
): Promise<Coordination> {
  if (env.COORDINATION !== 'auto') return env.COORDINATION;
  if (env.redisUrlConfigured) return 'redis';
  return (await redisAnswers()) ? 'redis' : 'postgres';
}

/** Whether something accepts a TCP connection at host:port within `timeoutMs`. */
export function tcpAnswers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The one probe of a process's lifetime, per loaded configuration (tests reload it per file). */
const decided = new WeakMap<Env, Promise<Coordination>>();

export function resolveCoordination(env: Env): Promise<Coordination> {
  let choice = decided.get(env);
  if (!choice) {
    choice = chooseCoordination(env, () => tcpAnswers(DEFAULT_REDIS_HOST, DEFAULT_REDIS_PORT));
    decided.set(env, choice);
  }
  return choice;
}
