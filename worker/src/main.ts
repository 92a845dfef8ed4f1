import 'reflect-metadata';
import { closeOnSignals } from '#server/app/bounded-shutdown';
import { AppConfig } from '#server/config/config.module';
import { EnvError } from '#server/config/env';
import { createWorkerApp } from './create-worker-app';

createWorkerApp()
  .then((app) => closeOnSignals(app, app.get(AppConfig).SHUTDOWN_TIMEOUT_MS))
  .catch((error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  });
