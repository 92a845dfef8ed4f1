import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { closeOnSignals } from './app/bounded-shutdown';
import { firstBootBanner } from './app/boot-banner';
import { createServerApp } from './app/create-server-app';
import { type FirstAdmin, firstAdminMessage } from './app/initial-admin';
import { logsArePretty } from './app/logging';
import { EnvError, loadEnv } from './config/env';

async function main(): Promise<void> {
  const env = loadEnv();
  const created: { admin?: FirstAdmin } = {};
  const app = await createServerApp((admin) => (created.admin = admin));
  closeOnSignals(app, env.SHUTDOWN_TIMEOUT_MS);
  await app.listen(env.PORT);
  const url = `http://localhost:${env.PORT}/semgi/`;
  const logger = app.get(Logger);
  logger.log(`SEMGI em ${url}`, 'Bootstrap');
  if (!created.admin) return;
  // On a terminal the first password stands out in a box (through the logger, so it comes after the
  // lines before it); in JSON logs it is one line, as any other.
  const pretty = logsArePretty(env);
  logger.warn(pretty ? `\n${firstBootBanner(url, created.admin)}` : firstAdminMessage(created.admin), 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
