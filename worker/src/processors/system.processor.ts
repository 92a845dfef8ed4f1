import { Injectable } from '@nestjs/common';
import { QUEUES } from '#server/contracts/jobs';
import { rooms } from '#server/contracts/socket-events';
import { EmitterService } from '../realtime/emitter.service';
import type { JobHandlers, QueueProcessor, TypedJob } from './queue-processor';

/** Diagnostic jobs: proves the path server → BullMQ → worker → Redis emitter → browser. */
@Injectable()
export class SystemProcessor implements QueueProcessor<'system'> {
  readonly queue = QUEUES.system;
  readonly handlers: JobHandlers<'system'> = { 'system.echo': (job: TypedJob<'system.echo'>) => this.echo(job) };

  constructor(private readonly emitter: EmitterService) {}

  private async echo(job: TypedJob<'system.echo'>) {
    const payload = { jobId: String(job.id), message: job.data.message, processedAt: new Date().toISOString() };
    this.emitter.emitToRooms([rooms.user(job.data.userId)], 'system:echo', payload);
    return payload;
  }
}
