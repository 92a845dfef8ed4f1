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
 * The dashboard's queue (full recomputations and refreshes after changes; docs/dashboard.md#updates)
 * and `settle`: waits until the outbox is relayed and the queue has no work waiting or running.
 */
export function dashboardQueue(server: { app: INestApplication; dataSource: DataSource }) {
  const queue = server.app.get(BullBackend).queue(QUEUES.dashboard);
  const settle = () =>
    eventually(
      async () => {
        const [{ pending }] = await server.dataSource.query<{ pending: number }[]>(
          'SELECT count(*)::int AS pending FROM outbox_events WHERE processed_at IS NULL',
        );
        // One atomic read of every state: a job can go delayed -> wait -> active between two
        // separate reads and be seen in neither. Each scheduler (every 5 min, midnight) always
        // keeps its next run waiting as a delayed job.
        return pending === 0 && (await queued(queue)) === (await queue.getJobSchedulersCount());
      },
      'o painel ficar ocioso',
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  return { queue, settle, close: () => queue.close() };
}
