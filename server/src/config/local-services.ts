/**
 * What `npm start` (scripts/start.mjs) does about PostgreSQL and Redis before starting the server and
 * the worker, decided from what is configured and what answers. A pure function: the script probes,
 * this decides, the script acts.
 */
export interface LocalServicesFacts {
  /** DATABASE_URL is set (non-empty): the operator chose the database, nothing is started. */
  databaseUrlSet: boolean;
  /** REDIS_URL is set (non-empty): the operator chose Redis, nothing is started. */
  redisUrlSet: boolean;
  /** Something accepts TCP connections at the default PostgreSQL address (127.0.0.1:5432). */
  postgresAnswers: boolean;
  /** Something accepts TCP connections at the default Redis address (127.0.0.1:6379). */
  redisAnswers: boolean;
  /** A `redis-server` executable was found on the PATH. */
  redisServerInstalled: boolean;
}

export type PostgresPlan = 'configured' | 'running' | 'embedded';
export type RedisPlan = 'configured' | 'running' | 'local-binary' | 'missing';

export interface LocalServicesPlan {
  postgres: PostgresPlan;
  redis: RedisPlan;
}

export function planLocalServices(facts: LocalServicesFacts): LocalServicesPlan {
  return {
    postgres: facts.databaseUrlSet ? 'configured' : facts.postgresAnswers ? 'running' : 'embedded',
    redis: facts.redisUrlSet
      ? 'configured'
      : facts.redisAnswers
        ? 'running'
        : facts.redisServerInstalled
          ? 'local-binary'
          : 'missing',
  };
}

/** The one message `npm start` prints (and stops on) when Redis is neither running nor installed. */
export const REDIS_MISSING_MESSAGE = [
  'Redis não está em execução em 127.0.0.1:6379 e o programa redis-server não está instalado.',
  'Redis is not running on 127.0.0.1:6379 and redis-server is not installed.',
  'Instale / install:  apt-get install -y redis-server   (ou / or: docker run -d -p 127.0.0.1:6379:6379 redis:7)',
  'ou aponte REDIS_URL para um Redis existente / or point REDIS_URL at an existing Redis.',
].join('\n');
