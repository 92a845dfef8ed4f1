import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import {
  PROCESS_AGING_DAYS,
  type ProcessListFilters,
  type ProcessRequestType,
  type ProcessSummary,
  type ProtocolDataView,
  type ProtocolStatus,
} from '#server/contracts/processes';
import {
  ProcessConfidentialAccessEntity,
  ProcessEntity,
  ProtocolEntity,
  UserEntity,
} from '#server/database/entities/index';
import type { DeadlineStatus } from '#server/contracts/deadlines';
import type { DeadlineUnit } from '#server/contracts/calendar';
import type { DeadlineContext } from '#server/domain/deadlines/deadline-state';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import {
  escapeLike,
  SEARCH_EXPRESSIONS,
  type SearchTerms,
  searchParameters,
  type SearchWindow,
  textMatches,
  textRank,
} from '#server/domain/search/text-search';

import {
  capCount,
  cappedCount,
  type CappedCount,
  cappedCountSql,
  countByStatements,
  type CountStatements,
  type RowsAndCappedTotal,
} from '#server/database/capped-count';

type Viewer = Pick<AuthUser, 'id' | 'role'>;

/** Columns of one list row, as the summary queries select them (aliases in snake_case). */
export interface ProcessSummaryRow {
  id: string;
  subject: string;
  description: string;
  status: ProcessSummary['status'];
  current_department: string;
  origin_department: string;
  confidential: boolean;
  request_type: ProcessRequestType;
  created_at: Date;
  updated_at: Date;
  last_update: Date;
  created_by: string;
  created_by_name: string | null;
  created_by_department: string | null;
  protocol_type: ProtocolDataView['type'] | null;
  protocol_status: ProtocolDataView['status'] | null;
  protocol_priority: ProtocolDataView['priority'] | null;
  protocol_due_date: string | null;
  protocol_subject: string | null;
  deadline_kind: 'process' | 'return' | null;
  deadline_unit: DeadlineUnit | null;
  deadline_due: string | null;
  deadline_status: DeadlineStatus | null;
}

/** A summary row with the process's requester, internal or external (at most one is set). */
export interface ProcessDetailsRow extends ProcessSummaryRow {
  requester_user_id: string | null;
  requester_external_id: string | null;
}

/** Today and the last 'due-soon' day (DeadlineContext), which the deadline filter compares against. */
export type DeadlineBounds = Pick<DeadlineContext, 'today' | 'soon'>;

/** A page of rows with the count of all rows matching. */
export interface RowsAndTotal<T> {
  rows: T[];
  total: number;
}

const SUMMARY_COLUMNS = [
  'p.id AS id',
  'p.subject AS subject',
  'p.description AS description',
  'p.status AS status',
  'p.current_department AS current_department',
  'p.origin_department AS origin_department',
  'p.confidential AS confidential',
  'p.request_type AS request_type',
  'p.created_at AS created_at',
  'p.updated_at AS updated_at',
  'p.last_update AS last_update',
  'p.created_by AS created_by',
  'creator.name AS created_by_name',
  'creator.department AS created_by_department',
  'pr.type AS protocol_type',
  'pr.status AS protocol_status',
  'pr.priority AS protocol_priority',
  `to_char(pr.due_date, 'YYYY-MM-DD') AS protocol_due_date`,
  'pr.subject AS protocol_subject',
  'dl.kind AS deadline_kind',
  'dl.unit AS deadline_unit',
  `to_char(dl.due_date, 'YYYY-MM-DD') AS deadline_due`,
  'dl.status AS deadline_status',
];

/** The process's shown deadline (`processes.deadline_id`), joined as `dl`. */
export const SHOWN_DEADLINE_JOIN = 'dl.id = p.deadline_id';

/**
 * GET /processes?deadline=…, on the shown deadline (docs/deadlines.md#filters): the same bounds
 * deadlineState uses, so a row the filter returns reads with that state. The open ones read
 * `p.deadline_due` (the shown deadline's due day while open, kept by the database: migration
 * ShownDeadlineDue), whose partial index serves the filter and its count at 100,000 processes.
 */
export const DEADLINE_FILTER_SQL = {
  overdue: `p.deadline_due < :today`,
  'due-soon': `p.deadline_due >= :today AND p.deadline_due <= :soon`,
  'on-time': `p.deadline_due > :soon`,
  none: `(dl.id IS NULL OR dl.status = 'met')`,
} as const;

const PERIOD_START: Record<Exclude<ProcessListFilters['period'], 'all'>, string> = {
  today: `date_trunc('day', now())`,
  week: `now() - interval '7 days'`,
  month: `now() - interval '30 days'`,
};

/** `column` holds the list filter's text `param` (escaped for LIKE), accents and case aside. */
const containsText = (column: string, param: string) => `${column} LIKE '%' || semgi_search_normalize(${param}) || '%'`;

/**
 * How many rows, per row of the cap, the count with a text filter walks in the list's order
 * before it leaves the count to PostgreSQL's plan: a word in at least 1 of 40 of the rows the
 * other filters keep settles 'mais de 1.000' within the walk (docs/processes.md#list-counts).
 */
export const LIST_COUNT_WALK_FACTOR = 40;

/**
 * The processes table with its protocol records, confidential access lists and yearly number
 * counters. Every read for a user goes through visibleProcessesWhere (docs/processes.md#confidentiality).
 */
@Injectable()
export class ProcessesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Those of `ids` that exist and the reader may not see. */
  async hiddenFrom(reader: Viewer, ids: string[], tx: EntityManager = this.dataSource.manager): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const visible = visibleProcessesWhere(reader, 'p');
    const [text, values] = this.dataSource.driver.escapeQueryWithParameters(
      `SELECT p.id FROM processes p WHERE p.id = ANY(:ids) AND NOT ${visible.sql}`,
      { ...visible.params, ids },
      {},
    );
    const hidden = await tx.query<{ id: string }[]>(text, values);
    return new Set(hidden.map((p) => p.id));
  }

  /** One page of the process list (docs/processes.md), most recently updated first. */
  listPage(
    viewer: Viewer,
    filters: ProcessListFilters,
    bounds: DeadlineBounds,
    tx: EntityManager = this.dataSource.manager,
  ) {
    return this.pageQuery(this.filtered(viewer, filters, bounds, tx), filters).getRawMany<ProcessSummaryRow>();
  }

  /** How many processes the list's filters match, counting at most `cap` + 1 of them. */
  countListed(
    viewer: Viewer,
    filters: ProcessListFilters,
    bounds: DeadlineBounds,
    cap: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<CappedCount> {
    return countByStatements(
      (sql, params) => tx.query(sql, params),
      this.countSql(viewer, filters, bounds, cap, tx),
      cap,
    );
  }

  /** SQL and parameters of the list page and its count, exactly as listPage and countListed run them. */
  listSql(
    viewer: Viewer,
    filters: ProcessListFilters,
    bounds: DeadlineBounds,
    cap: number,
    tx: EntityManager = this.dataSource.manager,
  ) {
    return {
      page: this.pageQuery(this.filtered(viewer, filters, bounds, tx), filters).getQueryAndParameters(),
      count: this.countSql(viewer, filters, bounds, cap, tx),
    };
  }

  /**
   * The list's count, and with a text filter a walk along the list's order over at most
   * `cap` × LIST_COUNT_WALK_FACTOR rows testing the text on each, which countByStatements tries
   * first when PostgreSQL expects more than the cap to match (docs/processes.md#list-counts).
   */
  private countSql(
    viewer: Viewer,
    filters: ProcessListFilters,
    bounds: DeadlineBounds,
    cap: number,
    tx: EntityManager,
  ): CountStatements {
    const all = cappedCountSql(this.sorted(this.filtered(viewer, filters, bounds, tx), filters), cap);
    if (!filters.q) return { all };
    const [walked, params]: [string, unknown[]] = this.sorted(
      this.filteredExceptText(viewer, filters, bounds, tx),
      filters,
    )
      .select('p.search_text', 'search_text')
      .limit(cap * LIST_COUNT_WALK_FACTOR)
      .getQueryAndParameters();
    const q = `$${params.length + 1}`; // the walked rows' SQL is numbered already
    return {
      walk: [
        `SELECT count(*)::int AS total FROM (SELECT 1 FROM (${walked}) walked
         WHERE ${containsText('walked.search_text', q)} LIMIT ${cap + 1}) matching`,
        [...params, escapeLike(filters.q)],
      ],
      all,
    };
  }

  /**
   * Visible processes whose number, subject or description match `terms` (accent-insensitive
   * Portuguese full text, trigram fallback): the `limit` best of the `ranked` most recently updated
   * matches, best first, then newest; counted up to `ranked` (docs/processes.md#search-at-capital-size).
   */
  async findMatching(
    viewer: Viewer,
    terms: SearchTerms,
    { limit, ranked }: SearchWindow,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<RowsAndCappedTotal<ProcessSummaryRow>> {
    const vector = SEARCH_EXPRESSIONS.processVector('p');
    const visible = visibleProcessesWhere(viewer, 'p');
    const match = textMatches(terms, vector, [SEARCH_EXPRESSIONS.processText('p')]);
    const newest = await tx
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .select('p.id', 'id')
      .where(visible.sql, visible.params)
      .andWhere(match.sql, match.params)
      .orderBy('p.last_update', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(ranked + 1)
      .getRawMany<{ id: string }>();
    const count = capCount(newest.length, ranked);
    if (count.total === 0) return { rows: [], count };
    // The best `limit` are chosen before the summary's joins, which then read only those rows: joined
    // first, the window's thousand rows were hashed against every user (docs/processes.md#search-at-capital-size).
    const order = `${textRank(terms, SEARCH_EXPRESSIONS.processVector('r'))} DESC, r.last_update DESC, r.id DESC`;
    const rows = await this.withSummaryJoins(
      tx.getRepository(ProcessEntity).createQueryBuilder('p').leftJoin('process_deadlines', 'dl', SHOWN_DEADLINE_JOIN),
    )
      .where(
        `p.id IN (SELECT r.id FROM processes r WHERE r.id = ANY(:searchIds) ORDER BY ${order} LIMIT :searchLimit)`,
        { searchIds: newest.slice(0, ranked).map((r) => r.id), searchLimit: limit },
      )
      .addSelect(textRank(terms, vector), 'search_rank')
      .setParameters(searchParameters(terms))
      .orderBy('search_rank', 'DESC')
      .addOrderBy('p.last_update', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .getRawMany<ProcessSummaryRow>();
    return { rows, count };
  }

  /** How many visible processes there are in each status. */
  countByStatus(viewer: Viewer, tx: EntityManager = this.dataSource.manager) {
    const visible = visibleProcessesWhere(viewer, 'p');
    return tx
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .select('p.status', 'status')
      .addSelect('COUNT(*)::int', 'count')
      .where(visible.sql, visible.params)
      .groupBy('p.status')
      .getRawMany<{ status: string; count: number }>();
  }

  /** One page of the protocol records of visible processes, newest first, with their count up to `cap`. */
  async protocolsPage(
    viewer: Viewer,
    page: number,
    limit: number,
    cap: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<RowsAndCappedTotal<ProcessSummaryRow>> {
    const visible = visibleProcessesWhere(viewer, 'p');
    const base = () =>
      tx
        .getRepository(ProcessEntity)
        .createQueryBuilder('p')
        .innerJoin('protocols', 'pr', 'pr.process_id = p.id')
        .leftJoin('process_deadlines', 'dl', SHOWN_DEADLINE_JOIN)
        .where(visible.sql, visible.params);
    const [rows, count] = await Promise.all([
      base()
        .leftJoin(UserEntity, 'creator', 'creator.id = p.created_by')
        .select(SUMMARY_COLUMNS)
        .orderBy('pr.created_at', 'DESC')
        .addOrderBy('pr.process_id', 'DESC')
        .limit(limit)
        .offset((page - 1) * limit)
        .getRawMany<ProcessSummaryRow>(),
      cappedCount(tx, base(), cap),
    ]);
    return { rows, count };
  }

  /** The summary row and who requested the process, if `viewer` may see it (the details page). */
  findVisibleDetailsRow(viewer: Viewer, id: string, tx: EntityManager = this.dataSource.manager) {
    const visible = visibleProcessesWhere(viewer, 'p');
    return this.summaryOf(id, tx)
      .addSelect('p.requester_user_id', 'requester_user_id')
      .addSelect('p.requester_external_id', 'requester_external_id')
      .andWhere(visible.sql, visible.params)
      .getRawOne<ProcessDetailsRow>();
  }

  /**
   * The summary row of one process whoever asks, or undefined when it is missing: only for the public
   * tracking, which checks the access code and confidentiality itself (docs/processes.md#receipts-and-tracking).
   */
  findSummary(id: string, tx: EntityManager = this.dataSource.manager) {
    return this.summaryOf(id, tx).getRawOne<ProcessSummaryRow>();
  }

  private summaryOf(id: string, tx: EntityManager) {
    return this.withSummaryJoins(
      tx.getRepository(ProcessEntity).createQueryBuilder('p').leftJoin('process_deadlines', 'dl', SHOWN_DEADLINE_JOIN),
    ).where('p.id = :id', { id });
  }

  /** The process, which must exist (read after a visibility check). */
  getById(id: string, tx: EntityManager = this.dataSource.manager): Promise<ProcessEntity> {
    return tx.getRepository(ProcessEntity).findOneByOrFail({ id });
  }

  isVisible(viewer: Viewer, id: string, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    const visible = visibleProcessesWhere(viewer, 'p');
    return tx
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .where('p.id = :id', { id })
      .andWhere(visible.sql, visible.params)
      .getExists();
  }

  /** The process row locked (FOR UPDATE) until `tx` ends, if `viewer` may see it. */
  lockVisible(viewer: Viewer, id: string, tx: EntityManager): Promise<ProcessEntity | null> {
    const visible = visibleProcessesWhere(viewer, 'p');
    return tx
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .where('p.id = :id', { id })
      .andWhere(visible.sql, visible.params)
      .setLock('pessimistic_write')
      .getOne();
  }

  async insert(fields: ProcessEntity, tx: EntityManager = this.dataSource.manager): Promise<ProcessEntity> {
    const process = tx.getRepository(ProcessEntity).create(fields);
    await tx.getRepository(ProcessEntity).insert(process);
    return process;
  }

  async update(id: string, fields: Partial<ProcessEntity>, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(ProcessEntity).update({ id }, fields);
  }

  /** Its history, responses, documents, protocol and access list go with it (ON DELETE CASCADE). */
  async delete(id: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(ProcessEntity).delete({ id });
  }

  /**
   * The next value of `year`'s number counter. The upsert locks the year's counter row until `tx`
   * ends, so concurrent creations queue on it: no duplicates, and a rollback gives the number back.
   */
  async takeNumber(year: number, tx: EntityManager): Promise<number> {
    const rows: { last_value: number }[] = await tx.query(
      `INSERT INTO process_number_counters (year, last_value) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last_value = process_number_counters.last_value + 1
     RETURNING last_value`,
      [year],
    );
    return rows[0].last_value;
  }

  async insertProtocol(fields: ProtocolEntity, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(ProtocolEntity).insert(fields);
  }

  async setProtocolStatus(
    processId: string,
    status: ProtocolStatus,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.getRepository(ProtocolEntity).update({ processId }, { status });
  }

  /** Ids of the users on the process's confidential access list (in no particular order). */
  async accessListIds(processId: string, tx: EntityManager = this.dataSource.manager): Promise<string[]> {
    const access = await tx.getRepository(ProcessConfidentialAccessEntity).find({ where: { processId } });
    return access.map((a) => a.userId);
  }

  async replaceAccessList(processId: string, userIds: string[], tx: EntityManager): Promise<void> {
    const repo = tx.getRepository(ProcessConfidentialAccessEntity);
    await repo.delete({ processId });
    if (userIds.length) await repo.insert(userIds.map((userId) => ({ processId, userId })));
  }

  /** The filtered, visible processes (no ordering, no paging), with the list's joins. */
  private filtered(
    viewer: Viewer,
    filters: ProcessListFilters,
    bounds: DeadlineBounds,
    tx: EntityManager,
  ): SelectQueryBuilder<ProcessEntity> {
    const qb = this.filteredExceptText(viewer, filters, bounds, tx);
    if (filters.q) {
      qb.andWhere(containsText('p.search_text', ':q'), { q: escapeLike(filters.q) });
    }
    return qb;
  }

  /** The visible processes matching every filter but the text, with the list's joins. */
  private filteredExceptText(
    viewer: Viewer,
    filters: ProcessListFilters,
    bounds: DeadlineBounds,
    tx: EntityManager,
  ): SelectQueryBuilder<ProcessEntity> {
    const visible = visibleProcessesWhere(viewer, 'p');
    const qb = tx
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .leftJoin('process_deadlines', 'dl', SHOWN_DEADLINE_JOIN)
      .where(visible.sql, visible.params);
    if (filters.status) qb.andWhere('p.status = :status', { status: filters.status });
    if (filters.department && isAdmin(viewer)) {
      qb.andWhere('p.current_department = :department', { department: filters.department });
    }
    if (filters.period !== 'all') qb.andWhere(`p.created_at >= ${PERIOD_START[filters.period]}`);
    if (filters.aging) qb.andWhere(`p.last_update < now() - interval '${PROCESS_AGING_DAYS} days'`);
    if (filters.deadline) {
      qb.andWhere(DEADLINE_FILTER_SQL[filters.deadline], { today: bounds.today, soon: bounds.soon });
    }
    return qb;
  }

  /** The creator and protocol joins of a summary row (`dl`, the shown deadline, is joined by the caller). */
  private withSummaryJoins(qb: SelectQueryBuilder<ProcessEntity>) {
    return qb
      .leftJoin(UserEntity, 'creator', 'creator.id = p.created_by')
      .leftJoin('protocols', 'pr', 'pr.process_id = p.id')
      .select(SUMMARY_COLUMNS);
  }

  private pageQuery(qb: SelectQueryBuilder<ProcessEntity>, filters: ProcessListFilters) {
    return this.sorted(this.withSummaryJoins(qb), filters)
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit);
  }

  /**
   * `qb` in the list's order. The count reads its rows in that order too, so PostgreSQL walks the
   * same index as the page and stops at the cap (docs/processes.md#list-counts).
   */
  private sorted(qb: SelectQueryBuilder<ProcessEntity>, filters: Pick<ProcessListFilters, 'sort'>) {
    // By deadline: open ones by due day, then suspended ones, then the rest, both by last update
    // (processes_deadline_sort_idx's order; docs/deadlines.md#filters).
    if (filters.sort === 'deadline') {
      qb.orderBy('p.deadline_due', 'ASC', 'NULLS LAST')
        .addOrderBy('p.deadline_suspended', 'DESC')
        .addOrderBy('p.last_update', 'DESC');
    } else qb.orderBy('p.last_update', 'DESC');
    return qb.addOrderBy('p.id', 'DESC');
  }
}
