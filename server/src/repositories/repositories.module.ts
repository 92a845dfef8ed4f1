import { Global, Module } from '@nestjs/common';
import { Transactions } from '#server/database/transactions';
import { DepartmentsRepository } from './departments.repository';
import { NotificationsRepository } from './notifications.repository';
import { ProcessesRepository } from './processes.repository';
import { UsersRepository } from './users.repository';

/**
 * The data access of server and worker alike: every repository, and the transactions their methods
 * join. Global, so a feature module or worker service only injects what it uses.
 */
const REPOSITORIES = [
  Transactions,
  DepartmentsRepository,
  NotificationsRepository,
  ProcessesRepository,
  UsersRepository,
];

@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}
