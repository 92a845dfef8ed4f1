import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppModule } from '#server/app.module';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { UserEntity } from '#server/database/entities/index';

export interface ModuleSuite {
  /** The server's module graph; take services with `context.get(Service)` inside hooks and tests. */
  context: INestApplicationContext;
  dataSource: DataSource;
}

/** A stored user as a service sees its caller (what the auth guard would load). */
export const asCaller = (user: UserEntity): AuthUser => ({
  id: user.id,
  username: user.username,
  name: user.name,
  email: user.email,
  department: user.department,
  role: user.role,
  level: user.level,
  mustChangePassword: false,
  sessionFamilyId: 'module-suite',
});

/** Request facts of a call made without HTTP. */
export const NO_REQUEST: RequestMeta = { ipAddress: null, userAgent: null };

/**
 * Registers the hooks of a service-level integration file: the server's module graph with its
 * real services, database and queues on this file's database and Redis prefix, but no HTTP, guards
 * or sockets. Rules are called as methods with the caller given, so a rule costs milliseconds.
 * Authentication, validation and replies stay with the HTTP suites (useServerSuite).
 */
export function useModuleSuite(): ModuleSuite {
  const suite = {} as ModuleSuite;
  beforeAll(async () => {
    suite.context = await NestFactory.createApplicationContext(AppModule, { logger: false });
    suite.dataSource = suite.context.get<DataSource>(getDataSourceToken());
  });
  afterAll(async () => {
    await (suite.context as INestApplicationContext | undefined)?.close();
  });
  return suite;
}
