import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { migrateDatabase } from '#server/database/migrate';
import { databaseUrl, dropDatabase } from './database';
import { startTestServices, type TestServices } from './services';

declare global {
  var __SEMGI_TEST_SERVICES__: TestServices | undefined;
}

/** Migrates one template database per run; each test file clones it (see per-file.ts). */
export default async function globalSetup(): Promise<void> {
  const log = (msg: string) => process.stdout.write(`[test setup] ${msg}\n`);
  const services = await startTestServices(log);
  globalThis.__SEMGI_TEST_SERVICES__ = services;
  const redis = new Redis(services.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis de teste indisponível em ${services.redisUrl}: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
  const template = `semgi_tpl_${randomBytes(4).toString('hex')}`;
  await dropDatabase(services.adminDatabaseUrl, template).catch((error: Error) => {
    throw new Error(`PostgreSQL de teste indisponível em ${services.adminDatabaseUrl}: ${error.message}`);
  });
  await migrateDatabase({ DATABASE_URL: databaseUrl(services.adminDatabaseUrl, template) });
  process.env.SEMGI_TEST_ADMIN_DATABASE_URL = services.adminDatabaseUrl;
  process.env.SEMGI_TEST_TEMPLATE_DATABASE = template;
  process.env.SEMGI_TEST_REDIS_URL = services.redisUrl;
}
