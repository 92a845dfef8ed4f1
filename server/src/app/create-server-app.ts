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
import { RedisIoAdapter } from '../realtime/redis-io.adapter';
import { ensureInitialAdmin } from './initial-admin';
import { serveOpenApi } from './openapi/openapi';
import { securityHeaders } from './security-headers';
import { serveClient } from './serve-client';

/**
 * Builds the HTTP + Socket.IO server (not yet listening): migrations and the initial admin run
 * first under an advisory lock, so several instances may boot at once.
 */
export async function createServerApp(): Promise<NestExpressApplication> {
  const env = loadEnv();
  const announcements: string[] = [];
  await migrateDatabase(env, (dataSource) =>
    ensureInitialAdmin(dataSource, env, (message) => announcements.push(message)).then(() => undefined),
  );
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true, bodyParser: false });
  const logger = app.get(Logger);
  app.useLogger(logger);
  for (const message of announcements) logger.warn(message, 'Bootstrap');
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
  app.useWebSocketAdapter(new RedisIoAdapter(app));
  serveOpenApi(app, env);
  serveClient(app, { warn: (msg) => logger.warn(msg, 'Bootstrap') });
  return app;
}
