import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QUEUES } from '#server/contracts/jobs';
import { QueueService } from '#server/queue/queue.service';
import { DeadlineRemindersService } from '../deadlines/deadline-reminders.service';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/** The reminder sweep runs this often (and once at boot): a deadline set today is reminded within minutes. */
export const DEADLINE_REMINDER_EVERY_MS = 5 * 60_000;

const SWEEP_OPTIONS = { removeOnComplete: true, removeOnFail: 100 };

/**
 * Queue `deadlines`, one job at a time per worker: the deadline reminder sweep
 * (docs/deadlines.md#reminders). Several workers may sweep at once: the claims keep every reminder
 * single.
 */
@Injectable()
export class DeadlinesProcessor implements QueueProcessor<'deadlines'>, OnApplicationBootstrap {
  readonly queue = QUEUES.deadlines;
  readonly concurrency = 1;
  readonly handlers: JobHandlers<'deadlines'> = {
    'deadlines.remind': (job) => this.reminders.sweep(job.data.day),
  };

  constructor(
    private readonly reminders: DeadlineRemindersService,
    private readonly queues: QueueService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues.keepUp(QUEUES.deadlines, (queue) =>
      queue.upsertJobScheduler(
        'deadlines.remind.every',
        { every: DEADLINE_REMINDER_EVERY_MS },
        { name: 'deadlines.remind', data: {}, opts: SWEEP_OPTIONS },
      ),
    );
    await this.queues.enqueue('deadlines.remind', {}, SWEEP_OPTIONS);
  }
}
