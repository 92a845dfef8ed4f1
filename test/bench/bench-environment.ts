import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createServerApp } from '#server/app/create-server-app';
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

/** A server listening on a free port of 127.0.0.1, in its benchmark's environment. */
export interface BenchServer {
  app: NestExpressApplication;
  url: string;
  dataSource: DataSource;
}

/**
 * Runs `body` against a server started in a fresh benchmark environment (createBenchEnvironment);
 * the server is closed and the environment disposed after, whatever happens.
 */
export async function withBenchServer<T>(body: (server: BenchServer) => Promise<T>): Promise<T> {
  const environment = await createBenchEnvironment();
  const app = await createServerApp();
  try {
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    return await body({ app, url, dataSource: app.get<DataSource>(getDataSourceToken()) });
  } finally {
    await app.close();
    await environment.dispose();
  }
}
