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
      TIME_ZONE: 'America/Sao_Paulo',
      SHUTDOWN_TIMEOUT_MS: 10_000,
      AUDIT_RETENTION_DAYS: 1825,
      jwtSecretGenerated: true,
      COORDINATION: 'auto',
      redisUrlConfigured: false,
    });
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('tells a REDIS_URL given from the default one, and accepts only the known COORDINATION values', () => {
    expect(loadEnv({ REDIS_URL: 'redis://cache:6379' }).redisUrlConfigured).toBe(true);
    expect(loadEnv({ REDIS_URL: '' }).redisUrlConfigured).toBe(false);
    expect(loadEnv({ COORDINATION: 'postgres' }).COORDINATION).toBe('postgres');
    expect(() => loadEnv({ COORDINATION: 'memcached' })).toThrow(/COORDINATION: use auto, redis ou postgres/);
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

  it('e-mail: off without SMTP_URL; smtp:// or smtps:// and a valid MAIL_FROM when on', () => {
    const off = loadEnv({});
    expect(off.SMTP_URL).toBeUndefined();
    expect(off.MAIL_FROM).toBe('SEMGI <nao-responda@semgi.local>');
    const env = loadEnv({ SMTP_URL: 'smtps://u:p@mail.prefeitura.gov.br:465', MAIL_FROM: 'semgi@prefeitura.gov.br' });
    expect(env).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.prefeitura.gov.br:465',
      MAIL_FROM: 'semgi@prefeitura.gov.br',
    });
    expect(() => loadEnv({ SMTP_URL: 'http://mail:25' })).toThrow('SMTP_URL: deve ser uma URL smtp:// ou smtps://');
    expect(() => loadEnv({ MAIL_FROM: 'SEMGI' })).toThrow('MAIL_FROM: deve ser um e-mail');
  });

  it('accepts an IANA TIME_ZONE and refuses anything else', () => {
    expect(loadEnv({ TIME_ZONE: 'America/Manaus' }).TIME_ZONE).toBe('America/Manaus');
    expect(() => loadEnv({ TIME_ZONE: 'Brasília' })).toThrow(
      'TIME_ZONE: deve ser um fuso horário IANA, como America/Sao_Paulo',
    );
  });

  it('takes the holidays of a Brazilian state (SP unless told) and a default deadline unit (dias corridos)', () => {
    expect(loadEnv({})).toMatchObject({ HOLIDAYS_STATE: 'SP', DEADLINE_UNIT: 'calendar' });
    expect(loadEnv({ HOLIDAYS_STATE: ' rj ', DEADLINE_UNIT: 'business' })).toMatchObject({
      HOLIDAYS_STATE: 'RJ',
      DEADLINE_UNIT: 'business',
    });
    expect(() => loadEnv({ HOLIDAYS_STATE: 'São Paulo' })).toThrow(
      'HOLIDAYS_STATE: deve ser a sigla de um estado brasileiro (UF), como SP',
    );
    expect(() => loadEnv({ DEADLINE_UNIT: 'uteis' })).toThrow('DEADLINE_UNIT: use calendar (dias corridos)');
  });

  it('limits extensions to one of 10 days unless told (the LAI), within bounds', () => {
    expect(loadEnv({})).toMatchObject({ DEADLINE_MAX_EXTENSIONS: 1, DEADLINE_MAX_EXTENSION_DAYS: 10 });
    expect(loadEnv({ DEADLINE_MAX_EXTENSIONS: '0', DEADLINE_MAX_EXTENSION_DAYS: '30' })).toMatchObject({
      DEADLINE_MAX_EXTENSIONS: 0,
      DEADLINE_MAX_EXTENSION_DAYS: 30,
    });
    expect(() => loadEnv({ DEADLINE_MAX_EXTENSIONS: '-1' })).toThrow(
      'DEADLINE_MAX_EXTENSIONS: deve ser um número inteiro de 0 a 20',
    );
    expect(() => loadEnv({ DEADLINE_MAX_EXTENSION_DAYS: '1.5' })).toThrow(
      'DEADLINE_MAX_EXTENSION_DAYS: deve ser um número inteiro de 0 a 730',
    );
  });

  it('bounds SHUTDOWN_TIMEOUT_MS (milliseconds) to what a stop grace period can wait for', () => {
    expect(loadEnv({ SHUTDOWN_TIMEOUT_MS: '5000' }).SHUTDOWN_TIMEOUT_MS).toBe(5000);
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS: deve ficar entre 1000 e 120000 milissegundos',
    );
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow('SHUTDOWN_TIMEOUT_MS');
  });

  it('rejects a short JWT_SECRET', () => {
    expect(() => loadEnv({ JWT_SECRET: 'curto' })).toThrow('JWT_SECRET');
  });

  it('trusts no proxy unless TRUST_PROXY names one', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5, 172.18.0.0/16,loopback,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '172.18.0.0/16',
      'loopback',
      '::1',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.local', '10.0.0.5/8/1']) {
      expect(() => loadEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads ALLOWED_ORIGINS as normalised origins and refuses anything else', () => {
    expect(loadEnv({}).ALLOWED_ORIGINS).toEqual([]);
    expect(loadEnv({ ALLOWED_ORIGINS: 'https://Semgi.Example.gov.br, http://10.0.0.5:8080/' }).ALLOWED_ORIGINS).toEqual(
      ['https://semgi.example.gov.br', 'http://10.0.0.5:8080'],
    );
    for (const bad of ['*', 'semgi.example', 'https://a.example/path', 'ftp://a.example', 'https://u:p@a.example']) {
      expect(() => loadEnv({ ALLOWED_ORIGINS: bad })).toThrow(/ALLOWED_ORIGINS/);
    }
  });

  it('refuses the example JWT_SECRET that anyone can read', () => {
    expect(() => loadEnv({ JWT_SECRET: 'troque-por-um-segredo-aleatorio-de-pelo-menos-32-caracteres' })).toThrow(
      /JWT_SECRET: é o valor de exemplo/,
    );
  });

  it('keeps audit logs at least 6 months (Marco Civil art. 15)', () => {
    expect(loadEnv({ AUDIT_RETENTION_DAYS: '183' }).AUDIT_RETENTION_DAYS).toBe(183);
    expect(() => loadEnv({ AUDIT_RETENTION_DAYS: '182' })).toThrow(
      /AUDIT_RETENTION_DAYS: deve ser de pelo menos 183 dias/,
    );
    expect(() => loadEnv({ AUDIT_RETENTION_DAYS: '200.5' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
