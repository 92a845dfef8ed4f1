import { runMigrations as runBullmqMigrations } from 'bullmq';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { BULLMQ_SCHEMA } from '../coordination/postgres-pool';
import { dataSourceOptions } from './data-source-options';

/** Arbitrary constant shared by every instance: only one of them migrates at a time. */
const MIGRATION_LOCK_KEY = 727_100_001;

/** Creates the database named in DATABASE_URL when it is missing and the role may create it. */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) return;
  const probe = new Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: database does not exist
  } finally {
    await probe.end().catch(() => undefined);
  }
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // Created by another instance meanwhile: 42P04 when it had finished, 23505 (pg_database's unique
    // name index) when both inserted at the same moment, as the server and the worker of a first start do.
    const code = (error as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}

/**
 * Runs pending migrations (the app's, then BullMQ's PostgreSQL schema, see README "Redis ou
 * PostgreSQL"), then `afterMigrations` (initial data that needs runtime configuration), all under
 * a PostgreSQL advisory lock so several instances booting together do it once.
 */
export async function migrateDatabase(
  env: Pick<Env, 'DATABASE_URL'>,
  afterMigrations?: (dataSource: DataSource) => Promise<void>,
): Promise<string[]> {
  await ensureDatabaseExists(env.DATABASE_URL);
  const dataSource = new DataSource(dataSourceOptions(env, 2));
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      await migrateBullmq(env.DATABASE_URL);
      if (afterMigrations) await afterMigrations(dataSource);
      return applied.map((m) => m.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}

/** BullMQ's migrator wants a session of its own (it takes its own transaction-scoped lock). */
async function migrateBullmq(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await runBullmqMigrations(client, BULLMQ_SCHEMA);
  } finally {
    await client.end();
  }
}
