import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { z } from 'zod';

/**
 * The environment of ARCHITECTURE.md Part 1, validated once and cached. Every process (server,
 * worker, seed scripts, tests) reads configuration only through `loadEnv()`.
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

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/semgi'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'use letras, números, ponto, hífen ou sublinhado')
    .default('semgi'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3005),
  STORAGE_DIR: z.string().min(1).default('./data/uploads'),
  JWT_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
  INITIAL_ADMIN_PASSWORD: z.string().min(6, 'deve ter pelo menos 6 caracteres').optional(),
  PUPPETEER_EXECUTABLE_PATH: z.string().optional(),
  /** 5-digit unit code of the NUP process numbers (SEI form UUUUU.SSSSSS/AAAA-DD). */
  PROTOCOL_UNIT_CODE: z
    .string()
    .regex(/^\d{5}$/, 'deve ter 5 dígitos')
    .default('10001'),
  /** Largest accepted upload, in megabytes. */
  MAX_UPLOAD_MB: z.coerce.number().positive().max(512).default(25),
  /** Public address used in links sent outside the app (verification QR codes). */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Ed25519 private key (PEM, or base64 of the PKCS#8 DER) that seals document signature records.
   * Required in production; elsewhere one is generated once under STORAGE_DIR/keys.
   */
  SIGNING_PRIVATE_KEY: z.string().min(1).optional(),
  /** Password of the demo users created by `npm run seed:demo`. */
  DEMO_PASSWORD: z.string().min(6, 'deve ter pelo menos 6 caracteres').default('demo1234'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = Omit<z.infer<typeof schema>, 'JWT_SECRET' | 'PUPPETEER_EXECUTABLE_PATH'> & {
  JWT_SECRET: string;
  PUPPETEER_EXECUTABLE_PATH: string | undefined;
  /** True when JWT_SECRET was generated for this boot (tokens die with the process). */
  jwtSecretGenerated: boolean;
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
    PUPPETEER_EXECUTABLE_PATH: env.PUPPETEER_EXECUTABLE_PATH ?? (existsSync(chromium) ? chromium : undefined),
  };
  if (source === process.env) cached = result;
  return result;
}

/** Tests change process.env between suites; they call this to read it again. */
export function resetEnvCache(): void {
  cached = undefined;
}
