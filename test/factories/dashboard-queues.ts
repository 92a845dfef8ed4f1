import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { QUEUES } from '#server/contracts/jobs';
import { type AppQueue, BullBackend } from '#server/coordination/bull-backend';
import { eventually } from '#test/setup/eventually';

/** Jobs that wait or run on `queue`. */
async function queued(queue: AppQueue): Promise<number> {
  const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/**
 * The dashboard's two queues (full recomputations, refreshes after changes; docs/dashboard.md#updates)
 * and `settle`: waits until the outbox is relayed and neither queue has work waiting or running.
 */
export function dashboardQueues(server: { app: INestApplication; dataSource: DataSource }) {
  const recomputes = server.app.get(BullBackend).queue(QUEUES.dashboard);
  const refreshes = server.app.get(BullBackend).queue(QUEUES.dashboardRefresh);
  const settle = () =>
    eventually(
      async () => {
        const [{ pending }] = await server.dataSource.query<{ pending: number }[]>(
          'SELECT count(*)::int AS pending FROM outbox_events WHERE processed_at IS NULL',
        );
        // One atomic read of every state per queue: a job can go delayed -> wait -> active between
        // two separate reads and be seen in neither. Each scheduler (every 5 min, midnight) always
        // keeps its next run waiting as a delayed job.
        return (
          pending === 0 &&
          (await queued(refreshes)) === 0 &&
          (await queued(recomputes)) === (await recomputes.getJobSchedulersCount())
        );
      },
      'o painel ficar ocioso',
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  const close = () => Promise.all([recomputes.close(), refreshes.close()]);
  return { recomputes, refreshes, settle, close };
}
