import { InitialSchema1732240000000 } from './1732240000000-initial-schema';
import { Outbox1732250000000 } from './1732250000000-outbox';
import { StoredFiles1732260000000 } from './1732260000000-stored-files';
import { Processes1732300000000 } from './1732300000000-processes';
import { ProcessListCoveringIndexes1732300000001 } from './1732300000001-process-list-covering-indexes';
import { Notifications1732400000000 } from './1732400000000-notifications';
import { Documents1732500000000 } from './1732500000000-documents';
import { DocumentProcessLink1732500000001 } from './1732500000001-document-process-link';
import { DashboardAggregates1732600000000 } from './1732600000000-dashboard-aggregates';
import { DocumentProcessFactsAtReadTime1732700000000 } from './1732700000000-document-process-facts-at-read-time';
import { PurchaseOrders1732714000000 } from './1732714000000-purchase-orders';
import { FullTextSearch1732800000000 } from './1732800000000-full-text-search';
import { AuditChain1732900000000 } from './1732900000000-audit-chain';
import { Templates1733013000000 } from './1733013000000-templates';
import { ReportFinalizationIndex1733100000000 } from './1733100000000-report-finalization-index';
import { CoordinationTables1733200000000 } from './1733200000000-coordination-tables';
import { CalendarDays1733310000000 } from './1733310000000-calendar-days';
import { ProcessDeadlines1733400000000 } from './1733400000000-process-deadlines';
import { DeadlineReminders1733400000100 } from './1733400000100-deadline-reminders';
import { ShownDeadlineDue1733450000000 } from './1733450000000-shown-deadline-due';
import { DeadlineSortIndex1733460000000 } from './1733460000000-deadline-sort-index';
import { DeadlineReminderMails1733470000000 } from './1733470000000-deadline-reminder-mails';
import { DeadlineSortSuspended1733471000000 } from './1733471000000-deadline-sort-suspended';
import { SignatureRequests1733480000000 } from './1733480000000-signature-requests';
import { DocumentTypes1733490000000 } from './1733490000000-document-types';
import { SignatureBlocks1733510000000 } from './1733510000000-signature-blocks';
import { ProcessAccessCodes1733520000000 } from './1733520000000-process-access-codes';
import { LeanReminderClaims1733530000000 } from './1733530000000-lean-reminder-claims';
import { SignatureReminders1733550000000 } from './1733550000000-signature-reminders';
import { PublicFiling1733560000000 } from './1733560000000-public-filing';
import { RequesterEmailUpdates1733570000000 } from './1733570000000-requester-email-updates';
import { ProcessRequestType1733580000000 } from './1733580000000-process-request-type';
import { AuditFilterCombinations1733600000000 } from './1733600000000-audit-filter-combinations';
import { NotificationReadCount1733600000001 } from './1733600000001-notification-read-count';
import { ProcessSearchVector1733620000000 } from './1733620000000-process-search-vector';
import { DocumentSignerVisibility1733640000000 } from './1733640000000-document-signer-visibility';
import { DocumentSearchVector1733640000001 } from './1733640000001-document-search-vector';
import { DashboardDepartmentFigures1733660000000 } from './1733660000000-dashboard-department-figures';
import { ProcessFinalizedAt1733680000000 } from './1733680000000-process-finalized-at';
import { SearchTextStatistics1733680000001 } from './1733680000001-search-text-statistics';
import { DashboardStatusFigures1733700000000 } from './1733700000000-dashboard-status-figures';
import { AuditDepartmentStatusIndex1733700000001 } from './1733700000001-audit-department-status-index';
import { ProcessReportDays1733720000000 } from './1733720000000-process-report-days';
import { ProcessSearchHeading1733740000000 } from './1733740000000-process-search-heading';
import { NotificationInsertLocality1733760000000 } from './1733760000000-notification-insert-locality';
import { ActiveAdminsIndex1733760000001 } from './1733760000001-active-admins-index';

/** Every migration, oldest first. A feature appends its migration here. */
export const MIGRATIONS = [
  InitialSchema1732240000000,
  Outbox1732250000000,
  StoredFiles1732260000000,
  Processes1732300000000,
  ProcessListCoveringIndexes1732300000001,
  Notifications1732400000000,
  Documents1732500000000,
  DocumentProcessLink1732500000001,
  DashboardAggregates1732600000000,
  DocumentProcessFactsAtReadTime1732700000000,
  PurchaseOrders1732714000000,
  FullTextSearch1732800000000,
  AuditChain1732900000000,
  Templates1733013000000,
  ReportFinalizationIndex1733100000000,
  CoordinationTables1733200000000,
  CalendarDays1733310000000,
  ProcessDeadlines1733400000000,
  DeadlineReminders1733400000100,
  ShownDeadlineDue1733450000000,
  DeadlineSortIndex1733460000000,
  DeadlineReminderMails1733470000000,
  DeadlineSortSuspended1733471000000,
  SignatureRequests1733480000000,
  DocumentTypes1733490000000,
  SignatureBlocks1733510000000,
  ProcessAccessCodes1733520000000,
  LeanReminderClaims1733530000000,
  SignatureReminders1733550000000,
  PublicFiling1733560000000,
  RequesterEmailUpdates1733570000000,
  ProcessRequestType1733580000000,
  AuditFilterCombinations1733600000000,
  NotificationReadCount1733600000001,
  ProcessSearchVector1733620000000,
  DocumentSignerVisibility1733640000000,
  DocumentSearchVector1733640000001,
  DashboardDepartmentFigures1733660000000,
  ProcessFinalizedAt1733680000000,
  SearchTextStatistics1733680000001,
  DashboardStatusFigures1733700000000,
  AuditDepartmentStatusIndex1733700000001,
  ProcessReportDays1733720000000,
  ProcessSearchHeading1733740000000,
  NotificationInsertLocality1733760000000,
  ActiveAdminsIndex1733760000001,
];
