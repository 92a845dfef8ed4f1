import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { loadEnv, resetEnvCache } from '#server/config/env';
import { databaseUrl, dropDatabase, withAdminClient } from '#test/setup/database';
import { deleteKeysWithPrefix } from '#test/setup/redis';

export interface BenchEnvironment {
  /** Drops the database, the storage folder and the Redis keys this benchmark created. */
  dispose: () => Promise<void>;
}

/**
 * A throw-away database (migrated by the first server that boots), REDIS_PREFIX and storage folder
 * for one benchmark, written into process.env so servers and workers started next use them.
 */
export async function createBenchEnvironment(): Promise<BenchEnvironment> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `semgi_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const prefix = `semgi-bench-${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(adminUrl, name),
    REDIS_PREFIX: prefix,
    STORAGE_DIR: `/tmp/${prefix}/uploads`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    INITIAL_ADMIN_PASSWORD: 'bench-admin-1',
    LOG_LEVEL: 'silent',
  });
  resetEnvCache();
  return {
    dispose: async () => {
      await dropDatabase(adminUrl, name);
      await rm(`/tmp/${prefix}`, { recursive: true, force: true });
      await deleteKeysWithPrefix(loadEnv().REDIS_URL, prefix);
    },
  };
}
