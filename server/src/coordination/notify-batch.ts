import type { QueryResult } from 'pg';

type Rows = Pick<QueryResult, 'rows'>;
export type Query = (text: string, values?: unknown[]) => Promise<Rows>;

/** The statement the Socket.IO PostgreSQL emitter sends once per event. */
export const NOTIFY = 'SELECT pg_notify($1, $2)';

/**
 * Many NOTIFYs in one statement. With ORDER BY, PostgreSQL evaluates the volatile pg_notify after
 * the sort, so they are sent (and, being one transaction, delivered) in the array's order.
 */
export const NOTIFY_MANY =
  'SELECT pg_notify(channel, payload) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(channel, payload, position) ORDER BY position';

/** Keeps one statement well under PostgreSQL's limits whatever the burst. */
const MAX_BATCH = 500;

interface PendingNotify {
  channel: string;
  payload: string;
  resolve: (rows: Rows) => void;
  reject: (error: unknown) => void;
}

/**
 * Wraps the emitter's `query` so the NOTIFYs of one tick leave as one statement: the worker's relay
 * emits one event per recipient (a forward to a department of 125 users is 125 events), and one
 * round trip each made the PostgreSQL backend's commit → event p99 3.7× Redis's (README, "Redis ou
 * PostgreSQL"). Every statement still runs one after another, in the order asked: a query that is
 * not a NOTIFY (the emitter's attachment INSERT, `flush`'s round trip) runs after the NOTIFYs queued
 * before it. PostgreSQL delivers two identical NOTIFYs of one transaction once; the events sent here
 * never are (each carries its own notification, or is an idempotent "reload this" signal).
 */
export function batchNotifies(query: Query): Query {
  const pending: PendingNotify[] = [];
  let previous: Promise<unknown> = Promise.resolve();

  const inOrder = <T>(run: () => Promise<T>): Promise<T> => {
    const next = previous.then(run);
    previous = next.catch(() => undefined);
    return next;
  };

  const sendPending = () => {
    while (pending.length > 0) {
      const batch = pending.splice(0, MAX_BATCH);
      void inOrder(() =>
        batch.length === 1
          ? query(NOTIFY, [batch[0].channel, batch[0].payload])
          : query(NOTIFY_MANY, [batch.map((n) => n.channel), batch.map((n) => n.payload)]),
      ).then(
        (rows) => batch.forEach((n) => n.resolve(rows)),
        (error: unknown) => batch.forEach((n) => n.reject(error)),
      );
    }
  };

  return (text, values = []) => {
    if (text === NOTIFY) {
      return new Promise<Rows>((resolve, reject) => {
        pending.push({ channel: values[0] as string, payload: values[1] as string, resolve, reject });
        if (pending.length === 1) setImmediate(sendPending);
      });
    }
    sendPending();
    return inOrder(() => query(text, values));
  };
}
