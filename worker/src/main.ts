import 'reflect-metadata';
import { EnvError } from '#server/config/env';
import { createWorkerApp } from './create-worker-app';

createWorkerApp().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
