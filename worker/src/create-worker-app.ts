import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { loadEnv } from '#server/config/env';
import { migrateDatabase } from '#server/database/migrate';
import { WorkerModule } from './worker.module';

/** The worker: a Nest application context (no HTTP) running the BullMQ processors. */
export async function createWorkerApp(): Promise<INestApplicationContext> {
  // The worker may start before the server: make sure the schema it reads exists.
  await migrateDatabase(loadEnv());
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}
