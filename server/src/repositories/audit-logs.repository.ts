import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { escapeLiteral, type Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_STATUS_LABELS,
  type AuditLogFilters,
  type AuditLogView,
  type AuditStatEntry,
} from '#server/contracts/audit';
import { AuditLogEntity } from '#server/database/entities/index';
import { AUDIT_VIEW_COLUMNS, auditWhere } from '#server/domain/audit/audit-log-query';

/** A WHERE clause of auditWhere (domain/audit/audit-log-query.ts) with its positional values. */
export interface AuditWhere {
  sql: string;
  params: unknown[];
}

type StoredView = AuditLogView & { createdAt: string | Date };

/** A cell as text with the formula guard of csv-format.ts (= + - @ TAB CR → leading apostrophe). */
const guarded = (expression: string) =>
  `CASE WHEN ${expression} ~ E'^[-=+@\\t\\r]' THEN '''' || ${expression} ELSE ${expression} END`;

/** `CASE column WHEN 'value' THEN 'Rótulo' … ELSE column END` from a label map of the contracts. */
const labelled = (column: string, labels: Record<string, string>) =>
  `CASE ${column} ${Object.entries(labels)
    .map(([value, label]) => `WHEN ${escapeLiteral(value)} THEN ${escapeLiteral(label)}`)
    .join(' ')} ELSE ${column} END`;

/**
 * The CSV export's SELECT, all literals (COPY takes no bind parameters): pt-BR dates in `timeZone`,
 * pt-BR labels, the formula guard, the filters and the list's order by date.
 */
export function auditExportSelect(filters: AuditLogFilters, timeZone: string): string {
  const dir = filters.sortOrder === 1 ? 'ASC' : 'DESC';
  return `SELECT to_char(created_at AT TIME ZONE ${escapeLiteral(timeZone)}, 'DD/MM/YYYY HH24:MI:SS'),
      ${labelled('action', AUDIT_ACTION_LABELS)}, ${labelled('entity_type', AUDIT_ENTITY_LABELS)},
      ${guarded('entity_id')}, ${guarded('description')}, ${guarded('username')}, ${guarded('user_department')},
      ${labelled('status', AUDIT_STATUS_LABELS)}, ${guarded('ip_address')}, ${guarded('details::text')}
    FROM audit_logs ${literalWhere(filters)}
    ORDER BY audit_logs.created_at ${dir}, audit_logs.id ${dir}`;
}

/** auditWhere with each bind parameter inlined as an escaped literal: COPY takes no parameters. */
function literalWhere(filters: AuditLogFilters): string {
  const { sql, params } = auditWhere(filters);
  return sql.replace(/\$(\d+)/g, (_, index: string) => escapeLiteral(String(params[Number(index) - 1])));
}

type NewEntry = Omit<AuditLogEntity, 'id' | 'createdAt'>;

/**
 * The audit log's entries as features write them (sealed later by AuditChainRepository), and its
 * reads for the logs screen and its CSV export (docs/audit.md#logs-screen, docs/audit.md#export).
 */
@Injectable()
export class AuditLogsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(entry: NewEntry, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(AuditLogEntity).insert(entry);
  }

  page(
    where: AuditWhere,
    orderBy: string,
    limit: number,
    offset: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<StoredView[]> {
    return tx.query(
      `SELECT ${AUDIT_VIEW_COLUMNS} FROM audit_logs ${where.sql} ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
      where.params,
    );
  }

  async findView(id: string, tx: EntityManager = this.dataSource.manager): Promise<StoredView | null> {
    const [row]: StoredView[] = await tx.query(`SELECT ${AUDIT_VIEW_COLUMNS} FROM audit_logs WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** Rows per value of `column`, most frequent first; `extra` adds to the WHERE, `limit` keeps the first. */
  async countBy(
    column: string,
    where: AuditWhere,
    extra = '',
    limit = '',
    tx: EntityManager = this.dataSource.manager,
  ): Promise<AuditStatEntry[]> {
    const rows: { _id: string | null; count: string }[] = await tx.query(
      `SELECT ${column} AS "_id", count(*) AS count FROM audit_logs ${where.sql} ${extra}
        GROUP BY 1 ORDER BY count(*) DESC, 1 ${limit}`,
      where.params,
    );
    return rows.map((row) => ({ _id: row._id, count: Number(row.count) }));
  }

  /** The planner's estimate of the matching rows (no rows read). */
  async estimate(where: AuditWhere, tx: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ 'QUERY PLAN': plan }]: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] = await tx.query(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM audit_logs ${where.sql}`,
      where.params,
    );
    return Math.round(plan[0].Plan['Plan Rows']);
  }

  /** count(*) of the matching rows, reading at most `cap` of them when given. */
  async count(where: AuditWhere, cap: number | null, tx: EntityManager = this.dataSource.manager): Promise<number> {
    const rows = cap === null ? '' : `LIMIT ${cap}`;
    const [{ count }]: { count: string }[] = await tx.query(
      `SELECT count(*) AS count FROM (SELECT 1 FROM audit_logs ${where.sql} ${rows}) matching`,
      where.params,
    );
    return Number(count);
  }

  /**
   * The export's rows as CSV (`;`), formatted by PostgreSQL itself: `COPY (auditExportSelect) TO
   * STDOUT` through pg-copy-streams, handed to `consume`. A failed COPY destroys its connection
   * instead of returning it to the pool mid-protocol.
   */
  async copyExportCsv(
    filters: AuditLogFilters,
    timeZone: string,
    consume: (csv: Readable) => Promise<void>,
  ): Promise<void> {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      const select = auditExportSelect(filters, timeZone);
      await consume(client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv, DELIMITER ';')`)));
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      client.release(failure);
    }
  }
}
