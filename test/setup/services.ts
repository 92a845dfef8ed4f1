/**
 * Where the test services live. ARCHITECTURE.md: testcontainers when a Docker engine answers,
 * otherwise the running services named by TEST_DATABASE_URL / TEST_REDIS_URL. Nothing is skipped:
 * a missing service makes the run fail loudly.
 */
export interface TestServices {
  /** A URL of a maintenance database on the test server (used to create and drop databases). */
  adminDatabaseUrl: string;
  redisUrl: string;
  stop: () => Promise<void>;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export async function startTestServices(log: (msg: string) => void): Promise<TestServices> {
  const explicit = process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL;
  if (!explicit && (await dockerAvailable())) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const pg = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    log('testcontainers: PostgreSQL 16 e Redis 7 em contêineres');
    return {
      adminDatabaseUrl: `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
      redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
      stop: async () => {
        await Promise.all([pg.stop(), redis.stop()]);
      },
    };
  }
  log('sem Docker: usando PostgreSQL e Redis em execução (TEST_DATABASE_URL / TEST_REDIS_URL)');
  return {
    adminDatabaseUrl: process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL,
    redisUrl: process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL,
    stop: async () => undefined,
  };
}

async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}
