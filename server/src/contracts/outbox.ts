/**
 * Domain events written to the transactional outbox in the same transaction as the change they
 * describe. The worker's relay turns them into notifications, pushes and recomputations, at least
 * once; consumers must be idempotent (they key on the event id).
 * A feature adds its event types and payloads here.
 */
export interface OutboxEventPayloads {
  /** Placeholder-free base: features extend this map. */
  'system.notice': { userIds: string[]; title: string; message: string };
}
export type OutboxEventType = keyof OutboxEventPayloads;

export interface OutboxEvent<T extends OutboxEventType = OutboxEventType> {
  id: string;
  type: T;
  payload: OutboxEventPayloads[T];
  createdAt: string;
}
