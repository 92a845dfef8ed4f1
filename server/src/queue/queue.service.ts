import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import { type AppQueue, BullBackend } from '../coordination/bull-backend';
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueName } from '../contracts/jobs';

/** Producer side of BullMQ: typed so that a job name and its payload always agree. */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, AppQueue>();

  constructor(private readonly backend: BullBackend) {}

  queue(name: QueueName): AppQueue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = this.backend.queue(name);
      // Each request waiting on one of its jobs (BullMQ's waitUntilFinished: exports, PDFs) adds a
      // 'closing' listener until the job ends: dozens at once are normal, not a leak (README "Benchmarks").
      queue.setMaxListeners(0);
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: JobsOptions = {}) {
    return this.queue(JOB_QUEUE[name]).add(name, payload, {
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
      attempts: 5,
      backoff: { type: 'exponential', delay: 500 },
      ...options,
    });
  }

  /** Many jobs of one name in one round trip (a job whose `jobId` already exists is not added again). */
  async enqueueBulk<N extends JobName>(name: N, jobs: { payload: JobPayloads[N]; options: JobsOptions }[]) {
    if (jobs.length === 0) return [];
    return this.queue(JOB_QUEUE[name]).addBulk(jobs.map((job) => ({ name, data: job.payload, opts: job.options })));
  }

  /**
   * Runs `setup` (e.g. upserting the queue's job schedulers) now, and again whenever the backend
   * may have lost the queue's data (a Redis restarted empty).
   */
  keepUp(name: QueueName, setup: (queue: AppQueue) => Promise<unknown>): Promise<void> {
    const queue = this.queue(name);
    return this.backend.keepUp(queue, () => setup(queue));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
