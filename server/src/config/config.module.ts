import { Global, Module } from '@nestjs/common';
import { type Env, loadEnv } from './env';

/**
 * The validated configuration (`Env`) as an injection token: Nest-managed classes take it in their
 * constructor (`constructor(private readonly config: AppConfig)`) instead of calling loadEnv().
 */
export abstract class AppConfig extends envFields() {}

/** A base class typed with Env's fields (and none of its own): the provider's value is loadEnv()'s object. */
function envFields() {
  return class {} as unknown as abstract new () => Readonly<Env>;
}

/**
 * Provides AppConfig to the server and the worker. The environment is read when the app is created,
 * not when this file is imported, so tests that change process.env and call resetEnvCache() first
 * get their values.
 */
@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: (): AppConfig => loadEnv() }],
  exports: [AppConfig],
})
export class ConfigModule {}
