import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/config.module';
import { dataSourceOptions } from './data-source-options';

/** TypeORM connection shared by the server and the worker. Migrations run before it starts. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => dataSourceOptions(config) }),
  ],
})
export class DatabaseModule {}
