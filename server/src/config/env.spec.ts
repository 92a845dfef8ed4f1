import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/semgi',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'semgi',
      PORT: 3005,
      STORAGE_DIR: './data/uploads',
      jwtSecretGenerated: true,
    });
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('names every bad variable in one clear message', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_PREFIX: 'a b' })).toThrow(EnvError);
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/^Configuração inválida:/);
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('requires the secrets in production, naming each missing one', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET: obrigatório em produção\n  SIGNING_PRIVATE_KEY: obrigatório em produção',
    );
    const env = loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SIGNING_PRIVATE_KEY: 'chave' });
    expect(env.jwtSecretGenerated).toBe(false);
  });

  it('rejects a short JWT_SECRET', () => {
    expect(() => loadEnv({ JWT_SECRET: 'curto' })).toThrow('JWT_SECRET');
  });
});
