import type { Pool } from 'pg';
import { CoordinationConnection } from './coordination-connection';
import { createCoordinationPool } from './postgres-pool';

/**
 * Connections of BullMQ (one LISTEN per worker and event stream, plus short queries), the rate
 * limits and the expiring keys. Opened on demand, so an idle server holds few.
 */
const POOL_SIZE = 20;

export class PostgresCoordination extends CoordinationConnection {
  readonly backend = 'postgres';
  readonly pool: Pool;

  constructor(databaseUrl: string) {
    super();
    this.pool = createCoordinationPool(databaseUrl, 'semgi-coordination', POOL_SIZE);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
