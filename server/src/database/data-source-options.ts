import type { DataSourceOptions } from 'typeorm';
import type { Env } from '../config/env';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export function dataSourceOptions(env: Pick<Env, 'DATABASE_URL'>, poolSize = 20): DataSourceOptions {
  return {
    type: 'postgres',
    url: env.DATABASE_URL,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    // The migrations own the schema, under their advisory lock: ids default to the built-in
    // gen_random_uuid(), so TypeORM must not run its own CREATE EXTENSION "uuid-ossp" at connect
    // (outside that lock, where server and worker raced on it).
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    extra: { max: poolSize, application_name: 'semgi' },
  };
}
