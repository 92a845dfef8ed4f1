import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type {
  AuditChainReport,
  AuditLogFilters,
  AuditLogListResponse,
  AuditLogView,
  AuditStatEntry,
  AuditStatsResponse,
} from '#server/contracts/audit';
import { AppConfig } from '#server/config/config.module';
import { verifyAuditChain } from '#server/domain/audit/audit-chain-verifier';
import { loadSigningKey } from '#server/domain/signing/signing-key';
import { AUDIT_VIEW_COLUMNS, auditOrderBy, auditWhere } from '#server/domain/audit/audit-log-query';

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async list(filters: AuditLogFilters, paging: { page: number; limit: number }): Promise<AuditLogListResponse> {
    const where = auditWhere(filters);
    let { total, exact } = await this.count(where);
    let page = clampPage(paging.page, total, paging.limit);
    let logs = await this.page(filters, where, page, paging.limit);
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

  private page(
    filters: AuditLogFilters,
    where: { sql: string; params: unknown[] },
    page: number,
    limit: number,
  ): Promise<AuditLogView[]> {
    return this.dataSource.query(
      `SELECT ${AUDIT_VIEW_COLUMNS} FROM audit_logs ${where.sql} ${auditOrderBy(filters)}
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      where.params,
    );
  }

  async detail(id: string): Promise<AuditLogView> {
    const [row]: AuditLogView[] = await this.dataSource.query(
      `SELECT ${AUDIT_VIEW_COLUMNS} FROM audit_logs WHERE id = $1`,
      [id],
    );
    if (!row) throw new NotFoundException('Log não encontrado.');
    return toView(row);
  }

  async stats(range: Pick<AuditLogFilters, 'startDate' | 'endDate'>): Promise<AuditStatsResponse> {
    const where = auditWhere({ ...EMPTY_FILTERS, ...range });
    const grouped = async (column: string, extra = '', limit = ''): Promise<AuditStatEntry[]> => {
      const rows: { _id: string | null; count: string }[] = await this.dataSource.query(
        `SELECT ${column} AS "_id", count(*) AS count FROM audit_logs ${where.sql} ${extra}
          GROUP BY 1 ORDER BY count(*) DESC, 1 ${limit}`,
        where.params,
      );
      return rows.map((row) => ({ _id: row._id, count: Number(row.count) }));
    };
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
    return verifyAuditChain(this.dataSource.manager, loadSigningKey(this.config), this.config.STORAGE_DIR);
  }

  /**
   * The planner's estimate first (no rows read); an exact count, bounded, only when the estimate
   * says the set is small. Counting a large set exactly would read it all on every page.
   */
  private async count(where: { sql: string; params: unknown[] }): Promise<{ total: number; exact: boolean }> {
    const [{ 'QUERY PLAN': plan }]: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] =
      await this.dataSource.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM audit_logs ${where.sql}`, where.params);
    const estimate = Math.round(plan[0].Plan['Plan Rows']);
    if (estimate > AUDIT_EXACT_COUNT_CAP) return { total: estimate, exact: false };
    const counted = await this.exactCount(where, AUDIT_EXACT_COUNT_CAP + 1);
    if (counted.total <= AUDIT_EXACT_COUNT_CAP) return counted;
    return { total: Math.max(estimate, AUDIT_EXACT_COUNT_CAP + 1), exact: false };
  }

  /** count(*) of the matching rows, reading at most `cap` of them when given. */
  private async exactCount(
    where: { sql: string; params: unknown[] },
    cap: number | null,
  ): Promise<{ total: number; exact: boolean }> {
    const rows = cap === null ? '' : `LIMIT ${cap}`;
    const [{ count }]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) AS count FROM (SELECT 1 FROM audit_logs ${where.sql} ${rows}) matching`,
      where.params,
    );
    return { total: Number(count), exact: true };
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
