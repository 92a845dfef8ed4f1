import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { OutboxEventPayloads, OutboxEventType } from '#server/contracts/outbox';
import { OutboxEventEntity } from '#server/database/entities/index';

/** The outbox_events table: domain events waiting for the relay (server/src/outbox/outbox.service.ts). */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores the event in `tx` (it exists if and only if `tx` commits); its id. */
  async insert<T extends OutboxEventType>(
    type: T,
    payload: OutboxEventPayloads[T],
    tx: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const result = await tx.getRepository(OutboxEventEntity).insert({ type, payload });
    return String(result.identifiers[0].id);
  }

  /** Stores the event unless one of `type` for the same export is already stored (a retried job). */
  async insertOncePerExport(
    type: 'export.ready' | 'export.failed',
    payload: Record<string, unknown>,
    exportId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO outbox_events (type, payload) SELECT $1, $2
        WHERE NOT EXISTS (SELECT 1 FROM outbox_events WHERE type = $1 AND payload->>'exportId' = $3)`,
      [type, payload, exportId],
    );
  }
}
