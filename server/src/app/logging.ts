import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { loadEnv } from '../config/env';

/** `url` with the value of any `token` query parameter replaced: tokens never reach a log line. */
export function redactUrlToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[REDACTED]');
}

/** Structured JSON logs; each HTTP request carries an id (X-Request-Id or a new UUID). */
export function pinoOptions(service: 'server' | 'worker'): Params {
  return {
    pinoHttp: {
      level: loadEnv().LOG_LEVEL,
      base: { service },
      genReqId: (req: IncomingMessage) => {
        const header = req.headers['x-request-id'];
        return typeof header === 'string' && /^[\w.-]{1,100}$/.test(header) ? header : randomUUID();
      },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'req.query.token'],
      serializers: {
        req: (req: { url?: string }) => (typeof req.url === 'string' ? { ...req, url: redactUrlToken(req.url) } : req),
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    },
  };
}
