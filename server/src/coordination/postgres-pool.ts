import { Logger } from '@nestjs/common';
import { Pool } from 'pg';

/** Schema of BullMQ's own tables (created by its migrator, see migrate.ts). */
export const BULLMQ_SCHEMA = 'bullmq';
/** Schema of the other coordination tables: rate limits, expiring keys, Socket.IO attachments. */
export const COORDINATION_SCHEMA = 'coordination';

const logger = new Logger('PostgreSQL');

/**
 * A pool for coordination work on `databaseUrl` (DATABASE_URL). Its connections resolve unqualified
 * names in BullMQ's schema (its SQL is unqualified); the other coordination tables are always named
 * with their schema. TCP keepalive lets a LISTEN connection notice a silently dropped link. Errors of
 * idle connections (PostgreSQL restarting) are logged at most once per `quietMs`, and never crash the
 * process.
 */
export function createCoordinationPool(databaseUrl: string, name: string, max: number, quietMs = 30_000): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    max,
    keepAlive: true,
    application_name: name,
    options: `-c search_path=${BULLMQ_SCHEMA}`,
  });
  // BullMQ adds an error listener per queue, worker and event stream sharing the pool.
  pool.setMaxListeners(0);
  let lastWarning = 0;
  pool.on('error', (error) => {
    if (Date.now() - lastWarning < quietMs) return;
    lastWarning = Date.now();
    logger.warn(
      { connection: name, reason: error.message },
      'conexão de coordenação perdida: reconectando sob demanda',
    );
  });
  return pool;
}
