import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AuditLogView, AuditStatEntry } from '#server/contracts/audit';
import { AUDIT_VIEW_COLUMNS } from '#server/domain/audit/audit-log-query';

/** A WHERE clause of auditWhere (domain/audit/audit-log-query.ts) with its positional values. */
export interface AuditWhere {
  sql: string;
  params: unknown[];
}

type StoredView = AuditLogView & { createdAt: string | Date };

/** Reads of the audit log for the logs screen (docs/audit.md#logs-screen). */
@Injectable()
export class AuditLogsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  page(where: AuditWhere, orderBy: string, limit: number, offset: number): Promise<StoredView[]> {
    return this.dataSource.query(
      `SELECT ${AUDIT_VIEW_COLUMNS} FROM audit_logs ${where.sql} ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
      where.params,
    );
  }

  async findView(id: string): Promise<StoredView | null> {
    const [row]: StoredView[] = await this.dataSource.query(
      `SELECT ${AUDIT_VIEW_COLUMNS} FROM audit_logs WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** Rows per value of `column`, most frequent first; `extra` adds to the WHERE, `limit` keeps the first. */
  async countBy(column: string, where: AuditWhere, extra = '', limit = ''): Promise<AuditStatEntry[]> {
    const rows: { _id: string | null; count: string }[] = await this.dataSource.query(
      `SELECT ${column} AS "_id", count(*) AS count FROM audit_logs ${where.sql} ${extra}
        GROUP BY 1 ORDER BY count(*) DESC, 1 ${limit}`,
      where.params,
    );
    return rows.map((row) => ({ _id: row._id, count: Number(row.count) }));
  }

  /** The planner's estimate of the matching rows (no rows read). */
  async estimate(where: AuditWhere): Promise<number> {
    const [{ 'QUERY PLAN': plan }]: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] =
      await this.dataSource.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM audit_logs ${where.sql}`, where.params);
    return Math.round(plan[0].Plan['Plan Rows']);
  }

  /** count(*) of the matching rows, reading at most `cap` of them when given. */
  async count(where: AuditWhere, cap: number | null): Promise<number> {
    const rows = cap === null ? '' : `LIMIT ${cap}`;
    const [{ count }]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) AS count FROM (SELECT 1 FROM audit_logs ${where.sql} ${rows}) matching`,
      where.params,
    );
    return Number(count);
  }
}
