import { Global, Module } from '@nestjs/common';
import { Transactions } from '#server/database/transactions';
import { AuditChainRepository } from './audit-chain.repository';
import { AuditLogsRepository } from './audit-logs.repository';
import { CalendarRepository } from './calendar.repository';
import { DepartmentsRepository } from './departments.repository';
import { NotificationsRepository } from './notifications.repository';
import { OutboxRepository } from './outbox.repository';
import { ProcessesRepository } from './processes.repository';
import { RequestersRepository } from './requesters.repository';
import { StoredFilesRepository } from './stored-files.repository';
import { UsersRepository } from './users.repository';

/**
 * The data access of server and worker alike: every repository, and the transactions their methods
 * join. Global, so a feature module or worker service only injects what it uses.
 */
const REPOSITORIES = [
  Transactions,
  AuditChainRepository,
  AuditLogsRepository,
  CalendarRepository,
  DepartmentsRepository,
  NotificationsRepository,
  OutboxRepository,
  ProcessesRepository,
  RequestersRepository,
  StoredFilesRepository,
  UsersRepository,
];

@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}
