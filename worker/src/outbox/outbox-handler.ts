import type { Tx } from '#server/database/transactions';
import type { OutboxEvent, OutboxEventType } from '#server/contracts/outbox';

/** An outbox event as a discriminated union: checking `type` narrows `payload`. */
export type RelayedEvent = { [T in OutboxEventType]: OutboxEvent<T> }[OutboxEventType];

/**
 * Work to do once the relay transaction has committed (pushes to browsers, mail jobs: persist
 * first). The relay awaits it before taking the next batch; a failure is logged, not retried.
 */
export type AfterCommit = () => void | Promise<void>;

/**
 * A consumer of outbox events. `handle` runs inside the relay's transaction with its manager, so
 * what it writes commits together with the event's `processed_at`; it must be idempotent (an
 * event can be relayed again after a crash), e.g. by keying its rows on `event.id`. The handlers of
 * one event run concurrently on that one connection: a handler must not open a transaction or
 * savepoint of its own, nor depend on another handler's writes.
 * A feature adds its handler class to OUTBOX_HANDLER_TYPES in worker.module.ts.
 */
export interface OutboxHandler {
  readonly types: readonly OutboxEventType[];
  handle(event: RelayedEvent, manager: Tx): Promise<AfterCommit | void>;
}

export const OUTBOX_HANDLERS = Symbol('OUTBOX_HANDLERS');
