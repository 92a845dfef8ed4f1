import { Injectable, NotFoundException } from '@nestjs/common';
import type {
  AuditChainReport,
  AuditLogFilters,
  AuditLogListResponse,
  AuditLogView,
  AuditStatsResponse,
} from '#server/contracts/audit';
import { AppConfig } from '#server/config/config.module';
import { verifyAuditChain } from '#server/domain/audit/audit-chain-verifier';
import { loadSigningKey } from '#server/domain/signing/signing-key';
import { auditOrderBy, auditWhere } from '#server/domain/audit/audit-log-query';
import { AuditChainRepository } from '#server/repositories/audit-chain.repository';
import { AuditLogsRepository, type AuditWhere } from '#server/repositories/audit-logs.repository';

/**
 * Matching rows are counted exactly when the planner expects at most this many (a bounded scan);
 * beyond it totalItems is the planner's estimate and totalExact is false, until the last page is
 * reached (README, Decisions).
 */
export const AUDIT_EXACT_COUNT_CAP = 10_000;
/** Most active users shown in the statistics. */
const TOP_USERS = 10;

/** Reads of the audit log for GET /logs, /logs/detail/:id and /logs/stats (admins only). */
@Injectable()
export class AuditLogsService {
  constructor(
    private readonly logs: AuditLogsRepository,
    private readonly chain: AuditChainRepository,
    private readonly config: AppConfig,
  ) {}

  async list(filters: AuditLogFilters, paging: { page: number; limit: number }): Promise<AuditLogListResponse> {
    const where = auditWhere(filters);
    let { total, exact } = await this.count(where);
    let page = clampPage(paging.page, total, paging.limit);
    // Nothing matches: no page to read (docs/audit.md#filters).
    let logs = exact && total === 0 ? [] : await this.page(filters, where, page, paging.limit);
    if (!exact && logs.length < paging.limit) {
      if (logs.length > 0 || page === 1) {
        // The last page was reached (or the first is empty): the estimate becomes the exact number.
        total = (page - 1) * paging.limit + logs.length;
        exact = true;
      } else {
        // The planner overestimated (a rare combination, or a jump past the real last page):
        // count exactly, once, and read again.
        ({ total, exact } = await this.exactCount(where, null));
        page = clampPage(paging.page, total, paging.limit);
        logs = await this.page(filters, where, page, paging.limit);
      }
    }
    return {
      logs: logs.map(toView),
      page,
      limit: paging.limit,
      totalPages: Math.ceil(total / paging.limit),
      totalItems: total,
      totalExact: exact,
    };
  }

  private page(filters: AuditLogFilters, where: AuditWhere, page: number, limit: number): Promise<AuditLogView[]> {
    return this.logs.page(where, auditOrderBy(filters), limit, (page - 1) * limit);
  }

  async detail(id: string): Promise<AuditLogView> {
    const row = await this.logs.findView(id);
    if (!row) throw new NotFoundException('Log não encontrado.');
    return toView(row);
  }

  async stats(range: Pick<AuditLogFilters, 'startDate' | 'endDate'>): Promise<AuditStatsResponse> {
    const where = auditWhere({ ...EMPTY_FILTERS, ...range });
    const grouped = (column: string, extra = '', limit = '') => this.logs.countBy(column, where, extra, limit);
    const [actionStats, entityStats, deptStats, statusStats, userStats] = await Promise.all([
      grouped('action'),
      grouped('entity_type'),
      grouped('user_department'),
      grouped('status'),
      grouped('username', `${where.sql ? 'AND' : 'WHERE'} username IS NOT NULL`, `LIMIT ${TOP_USERS}`),
    ]);
    return { actionStats, entityStats, deptStats, statusStats, userStats };
  }

  verify(): Promise<AuditChainReport> {
    return verifyAuditChain(this.chain.reader(), loadSigningKey(this.config), this.config.STORAGE_DIR);
  }

  /**
   * The planner's estimate first (no rows read); an exact count, bounded, only when the estimate
   * says the set is small. Counting a large set exactly would read it all on every page.
   */
  private async count(where: AuditWhere): Promise<{ total: number; exact: boolean }> {
    const estimate = await this.logs.estimate(where);
    if (estimate > AUDIT_EXACT_COUNT_CAP) return { total: estimate, exact: false };
    const counted = await this.exactCount(where, AUDIT_EXACT_COUNT_CAP + 1);
    if (counted.total <= AUDIT_EXACT_COUNT_CAP) return counted;
    return { total: Math.max(estimate, AUDIT_EXACT_COUNT_CAP + 1), exact: false };
  }

  /** An exact count, reading at most `cap` of the matching rows when given. */
  private async exactCount(where: AuditWhere, cap: number | null): Promise<{ total: number; exact: boolean }> {
    return { total: await this.logs.count(where, cap), exact: true };
  }
}

/** Page number clamped to 1..totalPages (docs/audit.md#filters). */
const clampPage = (page: number, total: number, limit: number) => Math.min(page, Math.max(Math.ceil(total / limit), 1));

const EMPTY_FILTERS: AuditLogFilters = {
  startDate: null,
  endDate: null,
  action: null,
  entityType: null,
  entityId: null,
  userId: null,
  username: null,
  userDepartment: null,
  status: null,
  sortBy: 'createdAt',
  sortOrder: -1,
};

const toView = (row: AuditLogView & { createdAt: string | Date }): AuditLogView => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});
