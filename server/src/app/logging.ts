import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import type { TransportSingleOptions } from 'pino';
import type { Env } from '../config/env';

/** `url` with the value of any `token` query parameter replaced: tokens never reach a log line. */
export function redactUrlToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[REDACTED]');
}

/** Readable lines on a terminal (or with LOG_FORMAT=pretty), JSON otherwise (compose, CI, log collectors). */
export function logsArePretty(env: Pick<Env, 'LOG_FORMAT'>, stdoutIsTerminal = Boolean(process.stdout.isTTY)): boolean {
  return (env.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json')) === 'pretty';
}

/** pino-pretty's line: time, level, [context] message, and the request for HTTP lines. */
const PRETTY: TransportSingleOptions = {
  target: 'pino-pretty',
  options: {
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service,context,req,res,responseTime',
    messageFormat: '{if context}[{context}] {end}{if req.method}{req.method} {req.url} {res.statusCode} {end}{msg}',
    singleLine: true,
  },
};

/** Nest's boot chatter, a line per module, route and gateway message (over a hundred): debug only. */
const FRAMEWORK_CHATTER = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController']);

/** pino's `logMethod` hook: drops the chatter above unless the level is debug or finer. */
export function quietFrameworkChatter(
  this: { isLevelEnabled: (level: string) => boolean },
  args: unknown[],
  method: (...args: unknown[]) => void,
  level: number,
): void {
  const context = (args[0] as { context?: unknown } | null)?.context;
  const chatter = level <= 30 && typeof context === 'string' && FRAMEWORK_CHATTER.has(context);
  if (!chatter || this.isLevelEnabled('debug')) method.apply(this, args);
}

/** Structured logs; each HTTP request carries an id (X-Request-Id or a new UUID). */
export function pinoOptions(service: 'server' | 'worker', env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>): Params {
  return {
    // Every route under the global prefix; nestjs-pino's default '*' is a path Express 5 rejects
    // (Nest then warns "Unsupported route path" at each boot).
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: env.LOG_LEVEL,
      transport: logsArePretty(env) ? PRETTY : undefined,
      hooks: { logMethod: quietFrameworkChatter },
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
