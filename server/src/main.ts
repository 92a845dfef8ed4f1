import 'reflect-metadata';
import { closeOnSignals } from './app/bounded-shutdown';
import { createServerApp } from './app/create-server-app';
import { EnvError, loadEnv } from './config/env';

async function main(): Promise<void> {
  const env = loadEnv();
  const app = await createServerApp();
  closeOnSignals(app, env.SHUTDOWN_TIMEOUT_MS);
  await app.listen(env.PORT);
  console.log(
    JSON.stringify({ level: 'info', service: 'server', msg: `SEMGI em http://localhost:${env.PORT}/semgi/` }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
