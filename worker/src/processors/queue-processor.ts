import type { Job } from 'bullmq';
import {
  JOB_QUEUE,
  type JobName,
  type JobPayloads,
  QUEUES,
  type QueueJobName,
  type QueueName,
} from '#server/contracts/jobs';

export type TypedJob<N extends JobName> = Job<JobPayloads[N], unknown, N>;

/** One handler for every job the queue carries (contracts/jobs.ts JOB_QUEUE): a missing one does not compile. */
export type JobHandlers<Q extends QueueName> = {
  [N in QueueJobName<Q>]: (job: TypedJob<N>) => Promise<unknown>;
};

/** One processor per queue: `handlers` maps each job name of that queue to its handler. */
export interface QueueProcessor<Q extends QueueName> {
  readonly queue: Q;
  readonly concurrency?: number;
  /** BullMQ rate limit of the queue (all workers together): at most `max` jobs per `duration` ms. */
  readonly limiter?: { max: number; duration: number };
  readonly handlers: JobHandlers<Q>;
}

/** A processor of any queue (what the runner holds). */
export type AnyQueueProcessor = { [Q in QueueName]: QueueProcessor<Q> }[QueueName];

export const QUEUE_PROCESSORS = Symbol('QUEUE_PROCESSORS');

/**
 * The boot-time half of the check (the types are the compile-time half): every queue of the
 * contracts has exactly one processor, and every job name a handler on the processor of its queue.
 * Throws before any worker starts, naming what is missing.
 */
export function checkQueueProcessors(processors: readonly AnyQueueProcessor[]): AnyQueueProcessor[] {
  const problems: string[] = [];
  const byQueue = new Map<string, AnyQueueProcessor>();
  for (const processor of processors) {
    if (byQueue.has(processor.queue)) problems.push(`fila "${processor.queue}" com mais de um processador`);
    byQueue.set(processor.queue, processor);
  }
  for (const queue of Object.values(QUEUES)) {
    if (!byQueue.has(queue)) problems.push(`fila "${queue}" sem processador`);
  }
  for (const [job, queue] of Object.entries(JOB_QUEUE)) {
    const handlers = byQueue.get(queue)?.handlers as Record<string, unknown> | undefined;
    if (handlers && typeof handlers[job] !== 'function') problems.push(`job "${job}" sem handler na fila "${queue}"`);
  }
  for (const processor of processors) {
    for (const job of Object.keys(processor.handlers)) {
      if ((JOB_QUEUE as Record<string, string>)[job] !== processor.queue) {
        problems.push(`handler do job "${job}" na fila "${processor.queue}", que não o transporta`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`Processadores de filas incompletos:\n  ${problems.join('\n  ')}`);
  return [...processors];
}
