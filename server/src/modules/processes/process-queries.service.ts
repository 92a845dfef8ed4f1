import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import {
  ACTIVE_PROCESS_STATUS,
  COMPLETED_PROCESS_STATUS,
  type ProcessListResponse,
  type ProcessStats,
  type ProcessSummary,
  type ProcessView,
  type ProtocolListResponse,
  type ProtocolView,
} from '#server/contracts/processes';
import type { ProcessEntity } from '#server/database/entities/index';
import { readTogether, type Tx } from '#server/database/transactions';
import { ProcessRecordRepository } from '#server/repositories/process-record.repository';
import { StoredDashboardFigures } from '../dashboard/stored-dashboard-figures';
import { groupAccessCode } from '#server/domain/processes/access-code';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { RequestersRepository } from '#server/repositories/requesters.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import type { SearchTerms, SearchWindow } from '#server/domain/search/text-search';
import type { SearchGroup } from '#server/contracts/search';
import { type CalendarContext, DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import type { CappedCount } from '#server/database/capped-count';
import type { ProcessSummaryRow } from '#server/repositories/processes.repository';
import type { ProcessListFilters } from './process-list-filters';
import { permissionsFor } from './process-rules';
import {
  responseAuthor,
  toDocumentView,
  toExternalRequesterView,
  toDeadlineDetail,
  toHistoryView,
  toProcessSummaries,
  toProcessSummary,
} from './process-view';

export const PROCESS_NOT_FOUND = 'Processo não encontrado.';

/** The paging figures of a list page from its capped count (docs/processes.md#list-counts). */
const paging = (count: CappedCount, page: number, limit: number) => ({
  total: count.total,
  page,
  limit,
  totalPages: Math.ceil(count.total / limit),
  totalIsLowerBound: count.lowerBound,
});

/** Reading processes; every query is filtered by visibleProcessesWhere (in ProcessesRepository). */
@Injectable()
export class ProcessQueriesService {
  constructor(
    private readonly processes: ProcessesRepository,
    private readonly users: UsersRepository,
    private readonly requesters: RequestersRepository,
    private readonly deadlineClock: DeadlineClock,
    private readonly records: ProcessRecordRepository,
    private readonly dashboard: StoredDashboardFigures,
    private readonly config: AppConfig,
  ) {}

  /** SQL and parameters of the list page and its count, exactly as list() runs them (benchmarks). */
  async listSql(user: AuthUser, filters: ProcessListFilters) {
    return this.processes.listSql(user, filters, await this.deadlineClock.context(), this.config.LIST_COUNT_CAP);
  }

  async list(user: AuthUser, filters: ProcessListFilters): Promise<ProcessListResponse> {
    const bounds = await this.deadlineClock.context();
    const [rows, count] = await Promise.all([
      this.processes.listPage(user, filters, bounds),
      this.processes.countListed(user, filters, bounds, this.config.LIST_COUNT_CAP),
    ]);
    return {
      data: { processes: await this.summaries(rows, undefined, bounds), ...paging(count, filters.page, filters.limit) },
    };
  }

  /**
   * The header search: visible processes whose number, subject or description match `terms`
   * (accent-insensitive Portuguese full text, trigram fallback), best match first, then newest.
   */
  async search(user: AuthUser, terms: SearchTerms, window: SearchWindow): Promise<SearchGroup<ProcessSummary>> {
    const { rows, count } = await this.processes.findMatching(user, terms, window);
    return { total: count.total, totalIsLowerBound: count.lowerBound, items: await this.summaries(rows) };
  }

  /**
   * The list's four cards (docs/processes.md#list-counts): the dashboard's stored figures of the
   * caller's scopes while they are settled, counted otherwise (at capital size a count reads
   * every process: 0.7 s warm, 2.3 s cold).
   */
  async stats(user: AuthUser): Promise<ProcessStats> {
    const stored = await this.dashboard.of(user);
    if (!stored.settled) return this.countedStats(user);
    const { pending, active, completed, cancelled } = stored.figures;
    return {
      total: pending + active + completed + cancelled,
      pendente: pending,
      emAndamento: active,
      concluido: completed,
      cancelado: cancelled,
    };
  }

  private async countedStats(user: AuthUser): Promise<ProcessStats> {
    const rows = await this.processes.countByStatus(user);
    const by = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
    return {
      total: rows.reduce((sum, r) => sum + r.count, 0),
      pendente: by('pendente'),
      emAndamento: by(ACTIVE_PROCESS_STATUS),
      concluido: by(COMPLETED_PROCESS_STATUS),
      cancelado: by('cancelado'),
    };
  }

  /** Protocol records of visible processes, newest first. */
  async protocols(user: AuthUser, page: number, limit: number): Promise<ProtocolListResponse> {
    const { rows, count } = await this.processes.protocolsPage(user, page, limit, this.config.LIST_COUNT_CAP);
    return { data: { protocols: (await this.summaries(rows)) as ProtocolView[], ...paging(count, page, limit) } };
  }

  private summaries(rows: ProcessSummaryRow[], manager?: Tx, known?: CalendarContext): Promise<ProcessSummary[]> {
    return toProcessSummaries(rows, this.deadlineClock, manager, known);
  }

  /** The whole process as the details page shows it; 404 when missing or not visible. */
  async details(user: AuthUser, id: string, manager?: Tx): Promise<ProcessView> {
    const row = await this.processes.findVisibleDetailsRow(user, id, manager);
    if (!row) throw new NotFoundException(PROCESS_NOT_FOUND);
    const [record, requesterUser, requesterExternal] = await readTogether(manager, [
      () => this.records.recordOf(id, manager),
      async () => (row.requester_user_id ? this.users.findById(row.requester_user_id, manager) : null),
      async () => (row.requester_external_id ? this.requesters.findById(row.requester_external_id, manager) : null),
    ]);
    const { history, responses, documents, access, accessCode, deadlines } = record;
    // One calendar read states the shown deadline and every other one.
    const context = await this.deadlineClock.context([row.deadline_due, ...deadlines.map((d) => d.dueDate)], manager);
    const summary = toProcessSummary(row, context, this.deadlineClock.now().getTime());
    const documentViews = documents.map(({ document, storedName }) => toDocumentView(document, storedName));
    const requesterIdView = requesterUser
      ? {
          _id: requesterUser.id,
          name: requesterUser.name,
          email: requesterUser.email,
          department: requesterUser.department,
          phone: requesterUser.phone,
        }
      : null;
    const requesterExternalView = requesterExternal ? toExternalRequesterView(requesterExternal) : null;
    return {
      ...summary,
      history: history.map(toHistoryView),
      documents: documentViews,
      responses: responses.map((r) => ({
        _id: r.id,
        kind: r.kind,
        text: r.text,
        user: responseAuthor(r),
        date: r.createdAt.toISOString(),
        attachments: documentViews.filter((_, i) => documents[i].document.responseId === r.id),
      })),
      confidentialAccess: access.map((u) => u.id),
      confidentialAccessUsers: access.map((u) => ({ _id: u.id, name: u.name, department: u.department })),
      requesterId: requesterIdView,
      requesterExternal: requesterExternalView,
      requester: requesterIdView
        ? { type: 'internal', ...requesterIdView }
        : requesterExternalView
          ? {
              type: 'external',
              _id: requesterExternalView._id,
              name: requesterExternalView.name,
              document: requesterExternalView.document,
              phone: requesterExternalView.phone,
              email: requesterExternalView.email,
              department: requesterExternalView.department,
              emailUpdates: requesterExternalView.emailUpdates,
            }
          : null,
      accessCode: accessCode && groupAccessCode(accessCode),
      permissions: permissionsFor(user, summary),
      deadlines: deadlines.map((deadline) => toDeadlineDetail(deadline, context)),
    };
  }

  /** The process row locked for this transaction, if `user` may see it; 404 otherwise. */
  async lockVisible(manager: Tx, user: AuthUser, id: string): Promise<ProcessEntity> {
    const process = await this.processes.lockVisible(user, id, manager);
    if (!process) throw new NotFoundException(PROCESS_NOT_FOUND);
    return process;
  }

  /** Whether `user` may see the process (attachment downloads). */
  isVisible(user: AuthUser, id: string): Promise<boolean> {
    return this.processes.isVisible(user, id);
  }
}
