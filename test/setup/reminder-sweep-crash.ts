import { QUEUES } from '#server/contracts/jobs';
import { BullBackend } from '#server/coordination/bull-backend';
import { QueueService } from '#server/queue/queue.service';
import type { RunningServer } from './app';
import { type BuiltProcess, spawnBuilt } from './built-process';
import { eventually } from './eventually';

/**
 * The deadline reminder sweep of `day` queued first, taken by a built worker that pauses `delayMs`
 * after every committed batch (DEADLINE_REMINDER_TEST_DELAY_MS, before the batch's pushes and
 * e-mails), killed (SIGKILL) as soon as `committed()` holds. Resolves with the dead process.
 */
export async function killSweepAfterCommit(
  server: RunningServer,
  sweep: { day: string; delayMs: number; committed: () => Promise<boolean> },
): Promise<BuiltProcess> {
  await server.app.get(QueueService).enqueue('deadlines.remind', { day: sweep.day }, { attempts: 3 });
  const crashing = spawnBuilt('worker/src/main.js', {
    ...process.env,
    DEADLINE_REMINDER_TEST_DELAY_MS: String(sweep.delayMs),
    LOG_LEVEL: 'warn',
  });
  try {
    await eventually(sweep.committed, `o lote gravado: ${crashing.output()}`, { timeoutMs: 60_000, intervalMs: 20 });
  } finally {
    crashing.child.kill('SIGKILL');
    await crashing.exited;
  }
  return crashing;
}

/** Until the deadlines queue is empty: the killed worker's stalled sweep taken over and done. */
export function deadlinesQueueDrained(server: RunningServer): Promise<void> {
  const queue = server.app.get(BullBackend).queue(QUEUES.deadlines);
  return eventually(
    async () => Object.values(await queue.getJobCounts('waiting', 'active', 'prioritized')).every((n) => n === 0),
    'a fila de prazos esvaziar (o job parado retomado)',
    { timeoutMs: 30_000 },
  );
}
