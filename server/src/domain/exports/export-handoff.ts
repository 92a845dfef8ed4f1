import type { ExpiringKeys } from '#server/coordination/expiring-keys';

/**
 * Who tells the user that a report export is over: the request waiting for it (fast path, the
 * reply is the file or the 503) or, once that request gave up and answered 202, the worker (a
 * notification). One expiring key per export decides it atomically, whatever finishes first:
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

const keyOf = (exportId: string) => `export-handoff:${exportId}`;

export async function markExportWaiting(keys: ExpiringKeys, exportId: string): Promise<void> {
  await keys.setIfAbsent(keyOf(exportId), 'waiting', HANDOFF_TTL_SECONDS);
}

/** Moves `waiting` to `to` and returns the state found (null: no such export, or expired). */
export async function moveExportFromWaiting(
  keys: ExpiringKeys,
  exportId: string,
  to: 'detached' | 'done' | 'failed',
): Promise<ExportHandoffState | null> {
  return (await keys.replaceIf(keyOf(exportId), 'waiting', to)) as ExportHandoffState | null;
}

export async function markExportNotified(keys: ExpiringKeys, exportId: string): Promise<void> {
  await keys.set(keyOf(exportId), 'notified', HANDOFF_TTL_SECONDS);
}

/** Drops the key of an export that never ran (its request joined another export). */
export async function forgetExport(keys: ExpiringKeys, exportId: string): Promise<void> {
  await keys.delete(keyOf(exportId));
}
