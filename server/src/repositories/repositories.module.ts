import { Global, Module } from '@nestjs/common';
import { DatabaseProbe } from '#server/database/database-probe';
import { Transactions } from '#server/database/transactions';
import { AuditChainRepository } from './audit-chain.repository';
import { AuditLogsRepository } from './audit-logs.repository';
import { CalendarRepository } from './calendar.repository';
import { DashboardAggregatesRepository } from './dashboard-aggregates.repository';
import { DeadlineRemindersRepository } from './deadline-reminders.repository';
import { DepartmentsRepository } from './departments.repository';
import { DocumentSignaturesRepository } from './document-signatures.repository';
import { SignatureRemindersRepository } from './signature-reminders.repository';
import { SignatureRequestsRepository } from './signature-requests.repository';
import { DocumentTypesRepository } from './document-types.repository';
import { DocumentsRepository } from './documents.repository';
import { LaiRequestsRepository } from './lai-requests.repository';
import { MaterialItemsRepository } from './material-items.repository';
import { NotificationsRepository } from './notifications.repository';
import { OutboxRepository } from './outbox.repository';
import { ProcessAccessCodesRepository } from './process-access-codes.repository';
import { PublicFilingRepository } from './public-filing.repository';
import { ProcessActivityRepository } from './process-activity.repository';
import { ProcessDeadlinesRepository } from './process-deadlines.repository';
import { ProcessRecordRepository } from './process-record.repository';
import { ProcessesRepository } from './processes.repository';
import { RefreshSessionsRepository } from './refresh-sessions.repository';
import { PurchaseOrdersRepository } from './purchase-orders.repository';
import { ReportsRepository } from './reports.repository';
import { RequestersRepository } from './requesters.repository';
import { StoredFilesRepository } from './stored-files.repository';
import { TemplatesRepository } from './templates.repository';
import { UsersRepository } from './users.repository';

/**
 * The data access of server and worker alike: every repository, and the transactions their methods
 * join. Global, so a feature module or worker service only injects what it uses.
 */
const REPOSITORIES = [
  Transactions,
  DatabaseProbe,
  AuditChainRepository,
  AuditLogsRepository,
  CalendarRepository,
  DashboardAggregatesRepository,
  DeadlineRemindersRepository,
  DepartmentsRepository,
  DocumentSignaturesRepository,
  SignatureRemindersRepository,
  SignatureRequestsRepository,
  DocumentTypesRepository,
  DocumentsRepository,
  LaiRequestsRepository,
  MaterialItemsRepository,
  NotificationsRepository,
  OutboxRepository,
  ProcessAccessCodesRepository,
  PublicFilingRepository,
  ProcessActivityRepository,
  ProcessDeadlinesRepository,
  ProcessRecordRepository,
  ProcessesRepository,
  RefreshSessionsRepository,
  PurchaseOrdersRepository,
  ReportsRepository,
  RequestersRepository,
  StoredFilesRepository,
  TemplatesRepository,
  UsersRepository,
];

@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}
