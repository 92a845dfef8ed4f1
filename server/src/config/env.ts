import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { BRAZILIAN_STATES, DEADLINE_MAX_DAYS, DEADLINE_UNITS } from '#server/contracts/calendar';
import { DEADLINE_EXTENSIONS_MAX_LIMIT } from '#server/contracts/deadlines';

/**
 * The environment of ARCHITECTURE.md Part 1, validated once and cached. The server and the worker
 * inject it as AppConfig (config.module.ts); `loadEnv()` is called directly only where no Nest
 * container exists (entry points, seed scripts, tests; README, "Architecture").
 */
const optionalUrl = (protocols: string[], fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `deve ser uma URL ${protocols.join(' ou ')}`,
    );

/** Named ranges Express understands in `trust proxy`. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One proxy entry: an address, an address/prefix (CIDR) or a named range. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset trusts no proxy (X-Forwarded-* ignored, the client IP is the socket's). A hop
 * count ('1') or a comma-separated list of addresses, CIDRs and named ranges turns it on. 'true'
 * (trust everyone) is refused: any client could then forge its IP in rate limits and the audit log.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): number | string[] | false => {
    if (!value) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyEntry)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'use um número de saltos (ex.: 1) ou endereços/CIDRs separados por vírgula (ex.: 172.18.0.0/16)',
    });
    return z.NEVER;
  });

/**
 * ALLOWED_ORIGINS: comma-separated origins (scheme://host[:port]) whose pages may open the
 * real-time connection besides the app's own origin, e.g. a second public address of the server.
 */
const allowedOrigins = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): string[] => {
    if (!value) return [];
    const origins: string[] = [];
    for (const entry of value.split(',').map((item) => item.trim())) {
      const origin = originOf(entry);
      if (!origin) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" não é uma origem (ex.: https://semgi.prefeitura.gov.br)` });
        return z.NEVER;
      }
      origins.push(origin);
    }
    return origins;
  });

/** `scheme://host[:port]` of an http(s) URL without path, query or credentials; else null. */
function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
  } catch {
    return null;
  }
}

/** Values copied from examples: anyone can read them, so they never sign tokens. */
const PLACEHOLDER_SECRETS = new Set(['troque-por-um-segredo-aleatorio-de-pelo-menos-32-caracteres']);

/**
 * SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`
 * (implicit TLS). Unset: no e-mail at all.
 */
const smtpUrl = z
  .string()
  .trim()
  .optional()
  .refine((value) => {
    if (!value) return true;
    try {
      const url = new URL(value);
      return ['smtp:', 'smtps:'].includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'deve ser uma URL smtp:// ou smtps://, como smtp://usuario:senha@servidor:587');

/** MAIL_FROM: an address, optionally with a display name: `SEMGI <semgi@prefeitura.gov.br>`. */
const mailFrom = z
  .string()
  .trim()
  .regex(
    /^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
    'deve ser um e-mail, como SEMGI <semgi@prefeitura.gov.br>',
  )
  .default('SEMGI <nao-responda@semgi.local>');

const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/semgi'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  /**
   * Backend of queues, sockets between processes, rate limits and the export hand-off. `auto`:
   * Redis when REDIS_URL is set or 127.0.0.1:6379 answers, otherwise PostgreSQL (README, "Redis ou
   * PostgreSQL"). `postgres` forces PostgreSQL even when Redis answers.
   */
  COORDINATION: z.enum(['auto', 'redis', 'postgres'], 'use auto, redis ou postgres').default('auto'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'use letras, números, ponto, hífen ou sublinhado')
    .default('semgi'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3005),
  TRUST_PROXY: trustProxy,
  ALLOWED_ORIGINS: allowedOrigins,
  STORAGE_DIR: z.string().min(1).default('./data/uploads'),
  JWT_SECRET: z
    .string()
    .min(32, 'deve ter pelo menos 32 caracteres')
    .refine((value) => !PLACEHOLDER_SECRETS.has(value), 'é o valor de exemplo; gere um com: openssl rand -base64 48')
    .optional(),
  INITIAL_ADMIN_PASSWORD: z.string().min(6, 'deve ter pelo menos 6 caracteres').optional(),
  PUPPETEER_EXECUTABLE_PATH: z.string().optional(),
  /** 5-digit unit code of the NUP process numbers (SEI form UUUUU.SSSSSS/AAAA-DD). */
  PROTOCOL_UNIT_CODE: z
    .string()
    .regex(/^\d{5}$/, 'deve ter 5 dígitos')
    .default('10001'),
  /** IANA time zone of calendar days (dashboard series, due dates) and of the dates printed on signed PDFs. */
  TIME_ZONE: z
    .string()
    .trim()
    .default('America/Sao_Paulo')
    .refine(isTimeZone, 'deve ser um fuso horário IANA, como America/Sao_Paulo'),
  /** State (UF) whose holidays join the national ones in deadline counting (docs/deadlines.md#calendar). */
  HOLIDAYS_STATE: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(BRAZILIAN_STATES, 'deve ser a sigla de um estado brasileiro (UF), como SP').default('SP'),
  ),
  /** Unit of a deadline that names none (docs/deadlines.md#default-unit). */
  DEADLINE_UNIT: z.enum(DEADLINE_UNITS, 'use calendar (dias corridos) ou business (dias úteis)').default('calendar'),
  /** Extensions a deadline allows when it names none (docs/deadlines.md#suspension-and-extension; the LAI's one). */
  DEADLINE_MAX_EXTENSIONS: z.coerce
    .number()
    .int(`deve ser um número inteiro de 0 a ${DEADLINE_EXTENSIONS_MAX_LIMIT}`)
    .min(0, `deve ser um número inteiro de 0 a ${DEADLINE_EXTENSIONS_MAX_LIMIT}`)
    .max(DEADLINE_EXTENSIONS_MAX_LIMIT, `deve ser um número inteiro de 0 a ${DEADLINE_EXTENSIONS_MAX_LIMIT}`)
    .default(1),
  /** Days of extension, in all, a deadline allows when it names none (the LAI's 10). */
  DEADLINE_MAX_EXTENSION_DAYS: z.coerce
    .number()
    .int(`deve ser um número inteiro de 0 a ${DEADLINE_MAX_DAYS}`)
    .min(0, `deve ser um número inteiro de 0 a ${DEADLINE_MAX_DAYS}`)
    .max(DEADLINE_MAX_DAYS, `deve ser um número inteiro de 0 a ${DEADLINE_MAX_DAYS}`)
    .default(10),
  /** Largest accepted upload, in megabytes. */
  MAX_UPLOAD_MB: z.coerce.number().positive().max(512).default(25),
  /** Public address used in links sent outside the app (verification QR codes). */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Ed25519 private key (PEM, or base64 of the PKCS#8 DER) that seals document signature records.
   * Required in production; elsewhere one is generated once under STORAGE_DIR/keys.
   */
  SIGNING_PRIVATE_KEY: z.string().min(1).optional(),
  /**
   * Days audit-log rows are kept before the worker purges them (after a signed checkpoint). At least
   * 183: Marco Civil da Internet art. 15 requires access logs to be kept for 6 months.
   */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int('deve ser um número inteiro de dias')
    .min(183, 'deve ser de pelo menos 183 dias (6 meses, Marco Civil da Internet art. 15)')
    .default(1825),
  /** Password of the demo users created by `npm run seed:demo`. */
  DEMO_PASSWORD: z.string().min(6, 'deve ter pelo menos 6 caracteres').default('demo1234'),
  SMTP_URL: smtpUrl,
  MAIL_FROM: mailFrom,
  /** Most e-mails the worker hands to the SMTP server per second (all workers together). */
  MAIL_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
  /** First retry delay of a mail that failed temporarily; doubles at each retry (tests shorten it). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  /** How long SIGTERM waits for running jobs and requests before the process exits anyway (ms). */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int('deve ser um número inteiro de milissegundos')
    .min(1000, 'deve ficar entre 1000 e 120000 milissegundos')
    .max(120_000, 'deve ficar entre 1000 e 120000 milissegundos')
    .default(10_000),
  /**
   * How long GET /reports/{type}/export/{format} waits for the worker before answering 202 (the file
   * then arrives by notification). Tests shorten it.
   */
  REPORT_EXPORT_WAIT_MS: z.coerce.number().int().min(100).max(55_000).default(20_000),
  /**
   * How long a running job stays locked to a worker that stopped answering (killed, frozen) before
   * another worker takes it over; the stalled-job check runs this often too. Tests shorten it.
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(2000).max(600_000).default(30_000),
  /**
   * Most rows the big lists count exactly (process list, protocols, notifications); beyond it `total`
   * is this bound and `totalIsLowerBound` is true (docs/processes.md#list-counts). Tests lower it.
   */
  LIST_COUNT_CAP: z.coerce.number().int('deve ser um número inteiro').min(1).max(1_000_000).default(1_000),
  /** Test only (fault tests): pause, in ms, after every 100 detail rows of a report export. 0 in use. */
  REPORT_EXPORT_TEST_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Test only (fault tests): pause, in ms, after every committed batch of the deadline reminder sweep. 0 in use. */
  DEADLINE_REMINDER_TEST_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: readable lines (pino-pretty); `json`: one object per line. Unset: pretty on a terminal only. */
  LOG_FORMAT: z.enum(['pretty', 'json'], 'use pretty ou json').optional(),
});

export type Env = Omit<z.infer<typeof schema>, 'JWT_SECRET' | 'PUPPETEER_EXECUTABLE_PATH'> & {
  JWT_SECRET: string;
  PUPPETEER_EXECUTABLE_PATH: string | undefined;
  /** True when JWT_SECRET was generated for this boot (tokens die with the process). */
  jwtSecretGenerated: boolean;
  /** True when REDIS_URL was given (not the default address). */
  redisUrlConfigured: boolean;
};

let cached: Env | undefined;

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const missingInProduction = (['JWT_SECRET', 'SIGNING_PRIVATE_KEY'] as const).filter((name) => !env[name]);
  if (env.NODE_ENV === 'production' && missingInProduction.length > 0) {
    const lines = missingInProduction.map((name) => `  ${name}: obrigatório em produção`);
    throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const chromium = '/usr/bin/chromium';
  const result: Env = {
    ...env,
    JWT_SECRET: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    jwtSecretGenerated: !env.JWT_SECRET,
    redisUrlConfigured: Boolean(source.REDIS_URL?.trim()),
    PUPPETEER_EXECUTABLE_PATH: env.PUPPETEER_EXECUTABLE_PATH ?? (existsSync(chromium) ? chromium : undefined),
  };
  if (source === process.env) cached = result;
  return result;
}

/** Tests change process.env between suites; they call this to read it again. */
export function resetEnvCache(): void {
  cached = undefined;
}
