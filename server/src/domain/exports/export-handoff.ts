import type { Redis } from 'ioredis';
import { redisKey } from '#server/redis/redis.module';

/**
 * Who tells the user that a report export is over: the request waiting for it (fast path, the
 * reply is the file or the 503) or, once that request gave up and answered 202, the worker (a
 * notification). One Redis key per export decides it atomically, whatever finishes first:
 *
 * - the server writes `waiting` before queueing the job;
 * - when it stops waiting it moves `waiting` → `detached` (then the worker notifies);
 * - when the worker finishes (file renamed into place, or last attempt failed) it moves
 *   `waiting` → `done` / `failed` (then the waiting request answers).
 *
 * Each move happens only from `waiting` and returns the state it found, so exactly one side
 * answers. A worker that finds `detached` notifies (idempotently) and marks it `notified`.
 */
export type ExportHandoffState = 'waiting' | 'detached' | 'done' | 'failed' | 'notified';

/** Longer than the file lives: the key is only needed while someone may still ask. */
const HANDOFF_TTL_SECONDS = 25 * 3600;

const MOVE_FROM_WAITING = `
local old = redis.call('GET', KEYS[1])
if old == 'waiting' then redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL') end
return old`;

const keyOf = (exportId: string) => redisKey('export-handoff', exportId);

export async function markExportWaiting(redis: Redis, exportId: string): Promise<void> {
  await redis.set(keyOf(exportId), 'waiting', 'EX', HANDOFF_TTL_SECONDS, 'NX');
}

/** Moves `waiting` to `to` and returns the state found (null: no such export, or expired). */
export async function moveExportFromWaiting(
  redis: Redis,
  exportId: string,
  to: 'detached' | 'done' | 'failed',
): Promise<ExportHandoffState | null> {
  return (await redis.eval(MOVE_FROM_WAITING, 1, keyOf(exportId), to)) as ExportHandoffState | null;
}

export async function markExportNotified(redis: Redis, exportId: string): Promise<void> {
  await redis.set(keyOf(exportId), 'notified', 'EX', HANDOFF_TTL_SECONDS);
}

/** Drops the key of an export that never ran (its request joined another export). */
export async function forgetExport(redis: Redis, exportId: string): Promise<void> {
  await redis.del(keyOf(exportId));
}
