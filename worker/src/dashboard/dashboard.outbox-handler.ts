import { Injectable } from '@nestjs/common';
import type { OutboxEventType } from '#server/contracts/outbox';
import { rooms } from '#server/contracts/socket-events';
import { Clock } from '#server/domain/clock';
import { QueueService } from '#server/queue/queue.service';
import type { AfterCommit, OutboxHandler, RelayedEvent } from '../outbox/outbox-handler';
import { PROCESS_FIGURE_EVENT_TYPES } from '../processes/process-audience';
import { EmitterService } from '../realtime/emitter.service';
import {
  DASHBOARD_BURST_GAP_MS,
  DASHBOARD_RECOMPUTE_DELAY_MS,
  DASHBOARD_RECOMPUTE_QUICK_DELAY_MS,
  dashboardRecomputeOptions,
} from '#server/domain/dashboard/dashboard-recompute';

/**
 * Keeps dashboards current: a process change asks for a (deduplicated) recomputation of the
 * aggregates, which pushes `dashboard:updated` to whoever sees different figures. Pending
 * signatures are read live by the server, so a signature event only tells the signer's dashboard
 * to reload.
 */
@Injectable()
export class DashboardOutboxHandler implements OutboxHandler {
  readonly types: readonly OutboxEventType[] = [
    ...PROCESS_FIGURE_EVENT_TYPES,
    'processes.imported',
    'document.signature-requested',
    'document.signed',
    'document.signature-refused',
    'document.signature-withdrawn',
  ];

  /** Time of the previous recomputation request (this process): tells an isolated change from a burst. */
  private lastRequestAt = 0;

  constructor(
    private readonly queues: QueueService,
    private readonly emitter: EmitterService,
    private readonly clock: Clock,
  ) {}

  async handle(event: RelayedEvent): Promise<AfterCommit | void> {
    const signers = signersToRefresh(event);
    if (signers) {
      return () =>
        this.emitter.emitToRooms(signers.map(rooms.user), 'dashboard:updated', {
          computedAt: this.clock.now().toISOString(),
        });
    }
    const now = this.clock.now().getTime();
    const isolated = now - this.lastRequestAt > DASHBOARD_BURST_GAP_MS;
    this.lastRequestAt = now;
    await this.queues.enqueue(
      'dashboard.recompute',
      { reason: event.type },
      dashboardRecomputeOptions(isolated ? DASHBOARD_RECOMPUTE_QUICK_DELAY_MS : DASHBOARD_RECOMPUTE_DELAY_MS),
    );
  }
}

/** The users whose pending signatures a signature event changes; null for the other events. */
function signersToRefresh(event: RelayedEvent): string[] | null {
  switch (event.type) {
    case 'document.signature-requested':
    case 'document.signed':
      return [event.payload.signerId];
    case 'document.signature-refused':
      return [event.payload.signerId, ...event.payload.signerIds];
    case 'document.signature-withdrawn':
      return event.payload.signerIds;
    default:
      return null;
  }
}
