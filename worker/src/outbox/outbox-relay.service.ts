import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, QueryRunner } from 'typeorm';
import { EmitterService } from '../realtime/emitter.service';
import { type AfterCommit, OUTBOX_HANDLERS, type OutboxHandler } from './outbox-handler';
import { effectsOf, handlersFor, type OutboxRow, toRelayedEvent } from './relay-plan';

/** Session advisory lock serialising relays across worker processes (per database). */
const RELAY_LOCK = 744_201_001;
const BATCH_SIZE = 100;
/**
 * A batch commits once its events took this long, the rest read again by the next batch: its pushes
 * wait for its commit, and at capital size a batch of 100 forwards (1,250 notifications each) held
 * the first one's pushes for 20 s (docs/notifications.md#delivery).
 */
export const BATCH_BUDGET_MS = 250;
/** After this many failed attempts an event is set aside (processed_at set, last_error kept). */
export const MAX_RELAY_ATTEMPTS = 5;

/**
 * Turns committed outbox rows into the handlers' effects, at least once:
 * - one relay at a time (advisory lock), so rows it creates (notification `seq`) commit in order
 *   and their pushes leave in that order (the lock is held until the pushes reached Redis);
 * - rows are read in id order, in batches, `FOR UPDATE SKIP LOCKED`; each event is marked
 *   `processed_at` in the same transaction as what its handlers wrote, and the handlers' pushes run
 *   only after that transaction committed;
 * - a batch commits after BATCH_BUDGET_MS of work, whatever it has left, so pushes are not held
 *   behind a long backlog;
 * - a batch first runs without savepoints (two round trips less per event). If an event fails, the
 *   batch is rolled back and run again with a savepoint per event: the failing event is rolled back
 *   alone, retried on later runs and set aside after MAX_RELAY_ATTEMPTS, so it never holds back the
 *   events behind it.
 */
@Injectable()
export class OutboxRelayService {
  private readonly logger = new Logger('OutboxRelay');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(OUTBOX_HANDLERS) private readonly handlers: OutboxHandler[],
    private readonly emitter: EmitterService,
  ) {}

  /** Relays everything pending; returns how many events were processed. */
  async drain(): Promise<number> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [RELAY_LOCK]);
      try {
        let processed = 0;
        let afterId = '0';
        for (;;) {
          const batch = await this.relayBatch(runner, afterId);
          if (batch.seen === 0) return processed;
          processed += batch.processed;
          afterId = batch.lastId;
        }
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [RELAY_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  private async relayBatch(runner: QueryRunner, afterId: string) {
    try {
      return await this.runBatch(runner, afterId, false);
    } catch {
      // Logged and recorded by the isolated run, where the failing event fails again (or not).
      return this.runBatch(runner, afterId, true);
    }
  }

  private async runBatch(runner: QueryRunner, afterId: string, isolate: boolean) {
    const effects: AfterCommit[] = [];
    const done: string[] = [];
    /** The rows this batch got to (all of them unless it ran out of time). */
    const handled: OutboxRow[] = [];
    await runner.startTransaction();
    let rows: OutboxRow[];
    try {
      rows = (await runner.query(
        `SELECT id, type, payload, created_at FROM outbox_events
          WHERE processed_at IS NULL AND id > $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [afterId, BATCH_SIZE],
      )) as OutboxRow[];
      const started = performance.now();
      for (const row of rows) {
        const eventEffects = isolate ? await this.relayIsolated(runner, row) : await this.relayOne(runner, row);
        handled.push(row);
        if (eventEffects) {
          effects.push(...eventEffects);
          done.push(row.id);
        }
        if (performance.now() - started >= BATCH_BUDGET_MS) break;
      }
      if (done.length) {
        await runner.query(`UPDATE outbox_events SET processed_at = now() WHERE id = ANY($1::bigint[])`, [done]);
      }
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        this.logger.error({ err: error }, 'falha ao executar efeito após o commit (evento em tempo real ou e-mail)');
      }
    }
    if (effects.length) await this.emitter.flush();
    return { seen: handled.length, processed: done.length, lastId: handled.at(-1)?.id ?? afterId };
  }

  /**
   * Runs the event's handlers side by side (their SQL queues on the one connection; a handler's
   * Redis call overlaps the others' queries) and returns their effects in handler order; throws,
   * once all have settled, with the first failure in handler order.
   */
  private async relayOne(runner: QueryRunner, row: OutboxRow): Promise<AfterCommit[]> {
    const event = toRelayedEvent(row);
    const results = await Promise.allSettled(
      handlersFor(this.handlers, event.type).map((handler) => handler.handle(event, runner.manager)),
    );
    return effectsOf(results);
  }

  /** relayOne in a savepoint; null when it failed (and was rolled back alone). */
  private async relayIsolated(runner: QueryRunner, row: OutboxRow): Promise<AfterCommit[] | null> {
    await runner.query('SAVEPOINT outbox_event');
    try {
      const effects = await this.relayOne(runner, row);
      await runner.query('RELEASE SAVEPOINT outbox_event');
      return effects;
    } catch (error) {
      await runner.query('ROLLBACK TO SAVEPOINT outbox_event');
      const message = error instanceof Error ? error.message : String(error);
      await runner.query(
        `UPDATE outbox_events SET attempts = attempts + 1, last_error = $2,
                processed_at = CASE WHEN attempts + 1 >= $3 THEN now() END
          WHERE id = $1`,
        [row.id, message, MAX_RELAY_ATTEMPTS],
      );
      this.logger.error({ err: error, eventId: row.id, type: row.type }, 'evento do outbox falhou');
      return null;
    }
  }
}
