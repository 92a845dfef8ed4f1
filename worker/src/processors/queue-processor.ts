import type { Job } from 'bullmq';
import type { JobName, JobPayloads, QueueName } from '#server/contracts/jobs';

export type TypedJob<N extends JobName> = Job<JobPayloads[N], unknown, N>;

/** One processor per queue: `handlers` maps each job name of that queue to its handler. */
export interface QueueProcessor {
  readonly queue: QueueName;
  readonly concurrency?: number;
  readonly handlers: { [N in JobName]?: (job: TypedJob<N>) => Promise<unknown> };
}

export const QUEUE_PROCESSORS = Symbol('QUEUE_PROCESSORS');
