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
    extra: { max: poolSize, application_name: 'semgi' },
  };
}
