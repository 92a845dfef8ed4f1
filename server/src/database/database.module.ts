import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadEnv } from '../config/env';
import { dataSourceOptions } from './data-source-options';

/** TypeORM connection shared by the server and the worker. Migrations run before it starts. */
@Module({
  imports: [TypeOrmModule.forRootAsync({ useFactory: () => dataSourceOptions(loadEnv()) })],
})
export class DatabaseModule {}
