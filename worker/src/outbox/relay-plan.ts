import type { OutboxEventType } from '#server/contracts/outbox';
import type { AfterCommit, OutboxHandler, RelayedEvent } from './outbox-handler';

/** An outbox_events row as the relay reads it. */
export interface OutboxRow {
  id: string;
  type: OutboxEventType;
  payload: RelayedEvent['payload'];
  created_at: Date;
}

/** The event handlers receive (ids as text, dates as ISO strings). */
export function toRelayedEvent(row: OutboxRow): RelayedEvent {
  return {
    id: String(row.id),
    type: row.type,
    payload: row.payload,
    createdAt: new Date(row.created_at).toISOString(),
  } as RelayedEvent;
}

/** The handlers an event goes to, in registration order. */
export function handlersFor<H extends OutboxHandler>(handlers: readonly H[], type: OutboxEventType): H[] {
  return handlers.filter((handler) => handler.types.includes(type));
}

/**
 * What the handlers of one event left to do after commit, in handler order; if any failed, the
 * event fails with the first failure in handler order (the others' effects are dropped with it).
 */
export function effectsOf(results: readonly PromiseSettledResult<AfterCommit | void>[]): AfterCommit[] {
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return results.flatMap((result) => (result.status === 'fulfilled' && result.value ? [result.value] : []));
}
