import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type express from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { bodyParserErrors, bodyParsers } from '../common/http/body-parsers';
import { rejectMalformedInput } from '../common/http/input-shape';
import { isSameHostOrigin } from '../common/http/origins';
import { createValidationPipe } from '../common/pipes/validation.pipe';
import { loadEnv } from '../config/env';
import { migrateDatabase } from '../database/migrate';
import { RealtimeIoAdapter } from '../realtime/realtime-io.adapter';
import { ReportsRepository } from '../repositories/reports.repository';
import { UsersRepository } from '../repositories/users.repository';
import { keepIdleConnectionsOpen } from './http-keep-alive';
import { ensureInitialAdmin, type FirstAdmin, firstAdminMessage } from './initial-admin';
import { serveOpenApi } from './openapi/openapi';
import { securityHeaders } from './security-headers';
import { serveClient } from './serve-client';

/**
 * Builds the HTTP + Socket.IO server (not yet listening): migrations and the initial admin run
 * first under an advisory lock, so several instances may boot at once, with the processes report's
 * per-day figures built when they are not kept in TIME_ZONE. The `admin` account created
 * on an empty database goes to `onFirstAdmin` when given (main.ts shows it once listening), else to the log.
 */
export async function createServerApp(
  onFirstAdmin?: (firstAdmin: FirstAdmin) => void,
): Promise<NestExpressApplication> {
  const env = loadEnv();
  const created: { admin?: FirstAdmin; reportDaysMs?: number } = {};
  await migrateDatabase(env, async (dataSource) => {
    created.admin = await ensureInitialAdmin(new UsersRepository(dataSource), env);
    const reportDaysBuilt = Date.now();
    if (await new ReportsRepository(dataSource).keepReportDaysIn(env.TIME_ZONE)) {
      created.reportDaysMs = Date.now() - reportDaysBuilt;
    }
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true, bodyParser: false });
  const logger = app.get(Logger);
  app.useLogger(logger);
  if (created.admin && onFirstAdmin) onFirstAdmin(created.admin);
  else if (created.admin) logger.warn(firstAdminMessage(created.admin), 'Bootstrap');
  if (created.reportDaysMs !== undefined) {
    logger.log(`Números diários do relatório de processos montados em ${created.reportDaysMs} ms.`, 'Bootstrap');
  }
  if (env.jwtSecretGenerated) {
    logger.warn(
      'JWT_SECRET não definido: usando um segredo gerado nesta inicialização (sessões não sobrevivem a um reinício).',
      'Bootstrap',
    );
  }
  // No proxy is trusted unless TRUST_PROXY names it: otherwise any client on the LAN could set its
  // own X-Forwarded-For, escaping per-address limits and forging the address in the audit log.
  app.set('trust proxy', env.TRUST_PROXY);
  app.disable('x-powered-by');
  keepIdleConnectionsOpen(app.getHttpServer());
  app.use(...securityHeaders());
  app.use(cookieParser());
  app.use(...bodyParsers(), bodyParserErrors, rejectMalformedInput);
  app.setGlobalPrefix('api');
  // Development only: the Vite dev server (port 3009) calls the API on 3005 of the same host, with
  // the refresh cookie. Only pages of the API's own host name (any port) are allowed.
  if (env.NODE_ENV !== 'production') {
    app.enableCors((req: express.Request, callback) => {
      callback(null, { origin: isSameHostOrigin(req.get('origin'), req.hostname), credentials: true });
    });
  }
  app.useGlobalPipes(createValidationPipe());
  app.useWebSocketAdapter(new RealtimeIoAdapter(app));
  serveOpenApi(app, env);
  serveClient(app, { warn: (msg) => logger.warn(msg, 'Bootstrap') });
  return app;
}
