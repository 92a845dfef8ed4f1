import { Injectable } from '@nestjs/common';
import type { OutboxEventType } from '#server/contracts/outbox';
import { rooms } from '#server/contracts/socket-events';
import { Clock } from '#server/domain/clock';
import { QueueService } from '#server/queue/queue.service';
import type { AfterCommit, OutboxHandler, RelayedEvent } from '../outbox/outbox-handler';
import { DashboardAggregatesRepository } from '#server/repositories/dashboard-aggregates.repository';
import { confidentialViewers, isProcessEvent, PROCESS_FIGURE_EVENT_TYPES } from '../processes/process-audience';
import { EmitterService } from '../realtime/emitter.service';
import { DashboardRefreshPace } from './dashboard-refresh-pace';
import {
  DASHBOARD_BURST_GAP_MS,
  DASHBOARD_RECOMPUTE_QUICK_DELAY_MS,
  DASHBOARD_REFRESH_QUICK_DELAY_MS,
  dashboardRecomputeOptions,
  dashboardRefreshOptions,
} from '#server/domain/dashboard/dashboard-recompute';

/**
 * Keeps dashboards current (docs/dashboard.md#updates): a process change asks for a refresh of the
 * departments it left and entered and of its viewers' own scopes, and a deduplicated job answers
 * it; an import asks for a full recomputation. Pending signatures are read live by the server, so a
 * signature event only tells the signer's dashboard to reload.
 *
 * The refresh request commits on its own, ahead of the relay's transaction: the change it reflects
 * committed before its event could be relayed, and a refresh reads the database as it is, so it
 * need not wait for the event's other effects (a forward's notifications to a department of 1,250
 * users took 0.4-0.9 s at capital size). Should the relay's transaction fail, the event is relayed
 * again and asks again; an extra refresh only repeats correct figures.
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

  /** Time of the previous request (this process): tells an isolated change from a burst. */
  private lastRequestAt = 0;

  constructor(
    private readonly queues: QueueService,
    private readonly stored: DashboardAggregatesRepository,
    private readonly emitter: EmitterService,
    private readonly clock: Clock,
    private readonly pace: DashboardRefreshPace,
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
    const refresh = figuresToRefresh(event);
    if (!refresh) {
      const delay = isolated ? DASHBOARD_RECOMPUTE_QUICK_DELAY_MS : undefined;
      await this.queues.enqueue('dashboard.recompute', { reason: event.type }, dashboardRecomputeOptions(delay));
      return;
    }
    await this.stored.requestRefresh(refresh.departments, refresh.users);
    const delay = isolated ? DASHBOARD_REFRESH_QUICK_DELAY_MS : this.pace.burstDelay();
    await this.queues.enqueue('dashboard.refresh', {}, dashboardRefreshOptions(delay));
  }
}

/**
 * The departments and users whose figures a process event changes: the departments the process
 * left and is in, and its confidential viewers (before and after a confidentiality change). Null
 * when only a full recomputation will do (a confidentiality change written without its previous
 * access list).
 */
function figuresToRefresh(event: RelayedEvent): { departments: string[]; users: string[] } | null {
  if (!isProcessEvent(event)) return null;
  const viewers = confidentialViewers(event.payload) ?? [];
  if (event.type === 'process.confidentiality-changed') {
    const previous = event.payload.previousAccess;
    if (previous === undefined) return null;
    if (previous) viewers.push(event.payload.createdBy, ...previous);
  }
  const departments =
    event.type === 'process.forwarded'
      ? [event.payload.fromDepartment, event.payload.toDepartment]
      : [event.payload.currentDepartment];
  return { departments: [...new Set(departments)], users: [...new Set(viewers)] };
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
