import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { BullBackend, PostgresBullBackend, RedisBullBackend } from './bull-backend';
import { resolveCoordination } from './coordination-choice';
import { CoordinationConnection } from './coordination-connection';
import { ExpiringKeys, PostgresExpiringKeys, RedisExpiringKeys } from './expiring-keys';
import { PostgresCoordination } from './postgres-coordination';
import { PostgresRateLimits, RateLimits, RedisRateLimits } from './rate-limits';
import { RedisCoordination } from './redis-coordination';
import { PostgresSocketBackend, RedisSocketBackend, SocketBackend } from './socket-backend';

/** The implementations of every coordination concern on one backend. */
interface CoordinationKit {
  connection: CoordinationConnection;
  bull: BullBackend;
  rateLimits: RateLimits;
  keys: ExpiringKeys;
  sockets: SocketBackend;
}

function redisKit(config: AppConfig): CoordinationKit {
  const connection = new RedisCoordination(config.REDIS_URL);
  return {
    connection,
    bull: new RedisBullBackend(config),
    rateLimits: new RedisRateLimits(connection.redis, config.REDIS_PREFIX),
    keys: new RedisExpiringKeys(connection.redis, config.REDIS_PREFIX),
    sockets: new RedisSocketBackend(config),
  };
}

function postgresKit(config: AppConfig): CoordinationKit {
  const connection = new PostgresCoordination(config.DATABASE_URL);
  return {
    connection,
    bull: new PostgresBullBackend(connection.pool),
    rateLimits: new PostgresRateLimits(connection.pool),
    keys: new PostgresExpiringKeys(connection.pool),
    sockets: new PostgresSocketBackend(config),
  };
}

const KIT = Symbol('COORDINATION_KIT');

/** The choice, made once at boot and named in the log (and in GET /api/health). */
async function chooseKit(config: AppConfig): Promise<CoordinationKit> {
  const backend = await resolveCoordination(config);
  const logger = new Logger('Coordination');
  if (backend === 'redis') {
    logger.log(`coordenação (filas, tempo real, limites) pelo Redis em ${new URL(config.REDIS_URL).host}`);
    return redisKit(config);
  }
  const reason = config.COORDINATION === 'postgres' ? 'COORDINATION=postgres' : 'nenhum Redis respondeu';
  logger.log(`coordenação (filas, tempo real, limites) pelo PostgreSQL (${reason})`);
  return postgresKit(config);
}

@Injectable()
class CoordinationShutdown implements OnApplicationShutdown {
  constructor(@Inject(KIT) private readonly kit: CoordinationKit) {}

  async onApplicationShutdown(): Promise<void> {
    this.kit.keys.close();
    await this.kit.sockets.close();
    await this.kit.connection.close();
  }
}

/**
 * Queues, sockets between processes, rate limits and the export hand-off on Redis or PostgreSQL
 * (README, "Redis ou PostgreSQL"): one interface per concern, the implementations of one backend.
 */
@Global()
@Module({
  providers: [
    { provide: KIT, inject: [AppConfig], useFactory: chooseKit },
    { provide: CoordinationConnection, inject: [KIT], useFactory: (kit: CoordinationKit) => kit.connection },
    { provide: BullBackend, inject: [KIT], useFactory: (kit: CoordinationKit) => kit.bull },
    { provide: RateLimits, inject: [KIT], useFactory: (kit: CoordinationKit) => kit.rateLimits },
    { provide: ExpiringKeys, inject: [KIT], useFactory: (kit: CoordinationKit) => kit.keys },
    { provide: SocketBackend, inject: [KIT], useFactory: (kit: CoordinationKit) => kit.sockets },
    CoordinationShutdown,
  ],
  exports: [CoordinationConnection, BullBackend, RateLimits, ExpiringKeys, SocketBackend],
})
export class CoordinationModule {}
