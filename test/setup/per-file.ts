import { randomBytes } from 'node:crypto';
import { resetEnvCache } from '#server/config/env';
import { cloneDatabase, databaseUrl, dropDatabase } from './database';
import { deleteKeysWithPrefix } from './redis';

/**
 * Runs around every integration and end-to-end test file: its own database cloned from the
 * migrated template, its own REDIS_PREFIX and storage folder, and the coordination backend of its
 * Jest project. Teardown drops them (only keys with
 * this file's prefix are deleted; a shared Redis is never flushed).
 */
const adminUrl = required('SEMGI_TEST_ADMIN_DATABASE_URL');
const template = required('SEMGI_TEST_TEMPLATE_DATABASE');
const redisUrl = required('SEMGI_TEST_REDIS_URL');
const prefix = `semgi-test-${randomBytes(4).toString('hex')}`;
let databaseName: string | undefined;

beforeAll(async () => {
  databaseName = await cloneDatabase(adminUrl, template);
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(adminUrl, databaseName),
    REDIS_URL: redisUrl,
    // The integration-pg project forces PostgreSQL (setup/postgres-coordination.ts); the others Redis.
    COORDINATION: process.env.SEMGI_TEST_COORDINATION ?? 'redis',
    REDIS_PREFIX: prefix,
    STORAGE_DIR: `/tmp/${prefix}/uploads`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    INITIAL_ADMIN_PASSWORD: 'admin-inicial',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  resetEnvCache();
});

afterAll(async () => {
  if (databaseName) await dropDatabase(adminUrl, databaseName);
  await deleteKeysWithPrefix(redisUrl, prefix);
});

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} ausente: o globalSetup dos testes não rodou.`);
  return value;
}
