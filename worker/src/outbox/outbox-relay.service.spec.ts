import { ConsoleLogger, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EmitterService } from '../realtime/emitter.service';
import type { OutboxHandler, RelayedEvent } from './outbox-handler';
import { BATCH_BUDGET_MS, MAX_RELAY_ATTEMPTS, OutboxRelayService } from './outbox-relay.service';
import type { OutboxRow } from './relay-plan';

/**
 * A stand-in for the outbox table behind one connection: enough SQL for the relay's statements,
 * with transactions (a rollback forgets what the transaction marked processed).
 */
function fakeDatabase(rows: OutboxRow[]) {
  const processed = new Set<string>();
  const attempts = new Map<string, number>();
  let pending: string[] = [];
  const log: string[] = [];
  const runner = {
    manager: {},
    connect: () => Promise.resolve(),
    release: () => Promise.resolve(),
    startTransaction: () => {
      pending = [];
      log.push('BEGIN');
      return Promise.resolve();
    },
    commitTransaction: () => {
      pending.forEach((id) => processed.add(id));
      log.push('COMMIT');
      return Promise.resolve();
    },
    rollbackTransaction: () => {
      pending = [];
      log.push('ROLLBACK');
      return Promise.resolve();
    },
    query: (sql: string, params: unknown[] = []) => {
      if (sql.startsWith('SELECT id, type, payload')) {
        const [afterId, limit] = params as [string, number];
        return Promise.resolve(
          rows.filter((r) => !processed.has(r.id) && Number(r.id) > Number(afterId)).slice(0, limit),
        );
      }
      if (sql.startsWith('UPDATE outbox_events SET processed_at')) pending.push(...(params[0] as string[]));
      if (sql.startsWith('UPDATE outbox_events SET attempts')) {
        const [id, , max] = params as [string, string, number];
        const count = (attempts.get(id) ?? 0) + 1;
        attempts.set(id, count);
        if (count >= max) pending.push(id);
      }
      if (/SAVEPOINT/.test(sql)) log.push(sql.split(' ')[0]);
      return Promise.resolve([]);
    },
  };
  const dataSource = { createQueryRunner: () => runner } as unknown as DataSource;
  return { dataSource, processed, attempts, log };
}

const row = (id: number): OutboxRow => ({
  id: String(id),
  type: 'export.ready',
  payload: { userId: `u${id}`, title: `Exportação ${id}`, link: '#' },
  created_at: new Date('2026-03-01T12:00:00Z'),
});

describe('OutboxRelayService', () => {
  // The failures below are expected: their error logs would only bury the test report.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new ConsoleLogger()));
  const pushed: string[] = [];
  const emitter = { flush: jest.fn(() => Promise.resolve()) } as unknown as EmitterService;
  /** Pushes after commit; refuses the events listed in `failing`. */
  const handler = (failing: Set<string>): OutboxHandler => ({
    types: ['export.ready'],
    handle: (event: RelayedEvent) =>
      failing.has(event.id)
        ? Promise.reject(new Error(`falhou ${event.id}`))
        : Promise.resolve(() => {
            pushed.push(event.id);
          }),
  });

  beforeEach(() => {
    pushed.length = 0;
    jest.clearAllMocks();
  });

  it('relays a batch in one transaction and pushes only after the commit, in order', async () => {
    const db = fakeDatabase([row(1), row(2), row(3)]);
    const relay = new OutboxRelayService(db.dataSource, [handler(new Set())], emitter);
    expect(await relay.drain()).toBe(3);
    expect([...db.processed]).toEqual(['1', '2', '3']);
    expect(pushed).toEqual(['1', '2', '3']);
    expect(db.log).toEqual(['BEGIN', 'COMMIT', 'BEGIN', 'COMMIT']);
    expect(emitter.flush).toHaveBeenCalledTimes(1);
  });

  it('commits a batch once its events took BATCH_BUDGET_MS, and pushes before going on', async () => {
    const db = fakeDatabase([row(1), row(2), row(3), row(4)]);
    const slow: OutboxHandler = {
      types: ['export.ready'],
      handle: async (event: RelayedEvent) => {
        await new Promise((resolve) => setTimeout(resolve, BATCH_BUDGET_MS / 2 + 5));
        return () => {
          pushed.push(`${event.id} depois de ${db.log.filter((entry) => entry === 'COMMIT').length} commit(s)`);
        };
      },
    };
    const relay = new OutboxRelayService(db.dataSource, [slow], emitter);
    expect(await relay.drain()).toBe(4);
    expect([...db.processed]).toEqual(['1', '2', '3', '4']);
    // Two events per batch: the first two are pushed before the next two are relayed.
    expect(pushed).toEqual([
      '1 depois de 1 commit(s)',
      '2 depois de 1 commit(s)',
      '3 depois de 2 commit(s)',
      '4 depois de 2 commit(s)',
    ]);
    expect(db.log).toEqual(['BEGIN', 'COMMIT', 'BEGIN', 'COMMIT', 'BEGIN', 'COMMIT']);
  });

  it('isolates a failing event: the others go through, it is retried, then set aside', async () => {
    const db = fakeDatabase([row(1), row(2), row(3)]);
    const relay = new OutboxRelayService(db.dataSource, [handler(new Set(['2']))], emitter);
    expect(await relay.drain()).toBe(2);
    expect([...db.processed]).toEqual(['1', '3']);
    expect(pushed).toEqual(['1', '3']);
    // The fast batch failed and was rolled back; the batch ran again with a savepoint per event.
    expect(db.log.slice(0, 3)).toEqual(['BEGIN', 'ROLLBACK', 'BEGIN']);
    expect(db.log.filter((entry) => entry === 'SAVEPOINT')).toHaveLength(3);
    expect(db.attempts.get('2')).toBe(1);

    for (let run = 2; run <= MAX_RELAY_ATTEMPTS; run++) await relay.drain();
    expect(db.attempts.get('2')).toBe(MAX_RELAY_ATTEMPTS);
    expect(db.processed.has('2')).toBe(true);
    expect(pushed).toEqual(['1', '3']);
  });
});
