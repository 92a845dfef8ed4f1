import { DASHBOARD_BURST_GAP_MS, DASHBOARD_REFRESH_QUICK_DELAY_MS } from '#server/domain/dashboard/dashboard-recompute';
import type { QueueService } from '#server/queue/queue.service';
import type { DashboardAggregatesRepository } from '#server/repositories/dashboard-aggregates.repository';
import { forwardedEvent } from '#test/factories/notifications';
import type { RelayedEvent } from '../outbox/outbox-handler';
import type { EmitterService } from '../realtime/emitter.service';
import { DashboardRefreshPace } from './dashboard-refresh-pace';
import { DashboardOutboxHandler } from './dashboard.outbox-handler';

const forward = (id: string): RelayedEvent => ({
  id,
  type: 'process.forwarded',
  createdAt: '2026-11-28T12:00:00.000Z',
  payload: forwardedEvent({ originDepartment: 'Administração', currentDepartment: 'Jurídico' }),
});

/** docs/dashboard.md#updates: the delay each refresh request is queued with. */
describe('DashboardOutboxHandler', () => {
  it('refreshes an isolated change at once, and paces a burst by the last refresh', async () => {
    let now = Date.parse('2026-11-28T12:00:00.000Z');
    const enqueue = jest.fn();
    const requestRefresh = jest.fn();
    const pace = new DashboardRefreshPace();
    const handler = new DashboardOutboxHandler(
      { enqueue } as unknown as QueueService,
      { requestRefresh } as unknown as DashboardAggregatesRepository,
      {} as EmitterService,
      { now: () => new Date(now) },
      pace,
    );
    const delays = () => enqueue.mock.calls.map(([, , options]) => options.delay);

    await handler.handle(forward('1'));
    expect(requestRefresh).toHaveBeenLastCalledWith(['Administração', 'Jurídico'], []);
    pace.record(4_000);
    now += 500;
    await handler.handle(forward('2'));
    now += DASHBOARD_BURST_GAP_MS + 1;
    await handler.handle(forward('3'));
    expect(delays()).toEqual([DASHBOARD_REFRESH_QUICK_DELAY_MS, 8_000, DASHBOARD_REFRESH_QUICK_DELAY_MS]);
  });
});
