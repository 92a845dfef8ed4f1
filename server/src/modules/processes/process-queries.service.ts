import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import {
  ACTIVE_PROCESS_STATUS,
  COMPLETED_PROCESS_STATUS,
  PROCESS_AGING_DAYS,
  type ProcessListResponse,
  type ProcessStats,
  type ProcessSummary,
  type ProcessView,
  type ProtocolListResponse,
  type ProtocolView,
} from '#server/contracts/processes';
import {
  ExternalRequesterEntity,
  ProcessDocumentEntity,
  ProcessEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
  StoredFileEntity,
  UserEntity,
} from '#server/database/entities/index';
import type { ProcessListFilters } from './process-list-filters';
import { permissionsFor } from './process-rules';
import {
  type ProcessSummaryRow,
  responseAuthor,
  toDocumentView,
  toExternalRequesterView,
  toHistoryView,
  toProcessSummary,
} from './process-view';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import {
  escapeLike,
  SEARCH_EXPRESSIONS,
  type SearchTerms,
  textMatches,
  textRank,
} from '#server/domain/search/text-search';

export const PROCESS_NOT_FOUND = 'Processo não encontrado.';

const SUMMARY_COLUMNS = [
  'p.id AS id',
  'p.subject AS subject',
  'p.description AS description',
  'p.status AS status',
  'p.current_department AS current_department',
  'p.origin_department AS origin_department',
  'p.confidential AS confidential',
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
];

const PERIOD_START: Record<Exclude<ProcessListFilters['period'], 'all'>, string> = {
  today: `date_trunc('day', now())`,
  week: `now() - interval '7 days'`,
  month: `now() - interval '30 days'`,
};

/** Reading processes; every query here is filtered by visibleProcessesWhere. */
@Injectable()
export class ProcessQueriesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The filtered, visible processes (no ordering, no paging), with the list's joins. */
  private filtered(
    user: AuthUser,
    filters: ProcessListFilters,
    manager: EntityManager,
  ): SelectQueryBuilder<ProcessEntity> {
    const visible = visibleProcessesWhere(user, 'p');
    const qb = manager.getRepository(ProcessEntity).createQueryBuilder('p').where(visible.sql, visible.params);
    if (filters.q) {
      qb.andWhere(`p.search_text LIKE '%' || semgi_search_normalize(:q) || '%'`, { q: escapeLike(filters.q) });
    }
    if (filters.status) qb.andWhere('p.status = :status', { status: filters.status });
    if (filters.department && isAdmin(user)) {
      qb.andWhere('p.current_department = :department', { department: filters.department });
    }
    if (filters.period !== 'all') qb.andWhere(`p.created_at >= ${PERIOD_START[filters.period]}`);
    if (filters.aging) qb.andWhere(`p.last_update < now() - interval '${PROCESS_AGING_DAYS} days'`);
    return qb;
  }

  /** SQL and parameters of the list page and its count, exactly as list() runs them (benchmarks). */
  listSql(user: AuthUser, filters: ProcessListFilters) {
    const manager = this.dataSource.manager;
    return {
      page: this.pageQuery(this.filtered(user, filters, manager), filters).getQueryAndParameters(),
      count: this.countQuery(this.filtered(user, filters, manager)).getQueryAndParameters(),
    };
  }

  async list(user: AuthUser, filters: ProcessListFilters): Promise<ProcessListResponse> {
    const manager = this.dataSource.manager;
    const [rows, count] = await Promise.all([
      this.pageQuery(this.filtered(user, filters, manager), filters).getRawMany<ProcessSummaryRow>(),
      this.countQuery(this.filtered(user, filters, manager)).getRawOne<{ total: number }>(),
    ]);
    const total = count?.total ?? 0;
    const now = Date.now();
    return {
      data: {
        processes: rows.map((row) => toProcessSummary(row, now)),
        total,
        page: filters.page,
        limit: filters.limit,
        totalPages: Math.ceil(total / filters.limit),
      },
    };
  }

  /**
   * The header search: visible processes whose number, subject or description match `terms`
   * (accent-insensitive Portuguese full text, trigram fallback), best match first, then newest.
   */
  async search(user: AuthUser, terms: SearchTerms, limit: number): Promise<{ total: number; items: ProcessSummary[] }> {
    const vector = SEARCH_EXPRESSIONS.processVector('p');
    const matching = () => {
      const visible = visibleProcessesWhere(user, 'p');
      const match = textMatches(terms, vector, [SEARCH_EXPRESSIONS.processText('p')]);
      return this.dataSource
        .getRepository(ProcessEntity)
        .createQueryBuilder('p')
        .where(visible.sql, visible.params)
        .andWhere(match.sql, match.params);
    };
    const [rows, count] = await Promise.all([
      this.withSummaryJoins(matching())
        .addSelect(textRank(terms, vector), 'search_rank')
        .orderBy('search_rank', 'DESC')
        .addOrderBy('p.last_update', 'DESC')
        .addOrderBy('p.id', 'DESC')
        .limit(limit)
        .getRawMany<ProcessSummaryRow>(),
      this.countQuery(matching()).getRawOne<{ total: number }>(),
    ]);
    const now = Date.now();
    return { total: count?.total ?? 0, items: rows.map((row) => toProcessSummary(row, now)) };
  }

  async stats(user: AuthUser): Promise<ProcessStats> {
    const visible = visibleProcessesWhere(user, 'p');
    const rows = await this.dataSource
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .select('p.status', 'status')
      .addSelect('COUNT(*)::int', 'count')
      .where(visible.sql, visible.params)
      .groupBy('p.status')
      .getRawMany<{ status: string; count: number }>();
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
    const visible = visibleProcessesWhere(user, 'p');
    const base = () =>
      this.dataSource
        .getRepository(ProcessEntity)
        .createQueryBuilder('p')
        .innerJoin('protocols', 'pr', 'pr.process_id = p.id')
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
      base().select('COUNT(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    const total = count?.total ?? 0;
    return {
      data: {
        protocols: rows.map((row) => toProcessSummary(row) as ProtocolView),
        total,
        page,
        limit,
        totalPages: Math.ceil(total / limit),
      },
    };
  }

  async summary(user: AuthUser, id: string, manager: EntityManager = this.dataSource.manager) {
    const visible = visibleProcessesWhere(user, 'p');
    const row = await this.withSummaryJoins(manager.getRepository(ProcessEntity).createQueryBuilder('p'))
      .where('p.id = :id', { id })
      .andWhere(visible.sql, visible.params)
      .getRawOne<ProcessSummaryRow>();
    if (!row) throw new NotFoundException(PROCESS_NOT_FOUND);
    return toProcessSummary(row);
  }

  /** The whole process as the details page shows it; 404 when missing or not visible. */
  async details(user: AuthUser, id: string, manager: EntityManager = this.dataSource.manager): Promise<ProcessView> {
    const summary = await this.summary(user, id, manager);
    const process = await manager.getRepository(ProcessEntity).findOneByOrFail({ id });
    // Sequential: inside a transaction all queries share one connection.
    const history = await manager
      .getRepository(ProcessHistoryEntity)
      .find({ where: { processId: id }, order: { date: 'ASC', id: 'ASC' } });
    const responses = await manager
      .getRepository(ProcessResponseEntity)
      .find({ where: { processId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    const documents = await manager
      .getRepository(ProcessDocumentEntity)
      .createQueryBuilder('d')
      .innerJoin(StoredFileEntity, 'f', 'f.id = d.stored_file_id')
      .addSelect('f.stored_name', 'stored_name')
      .where('d.process_id = :id', { id })
      .orderBy('d.upload_date', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .getRawAndEntities();
    const access = await manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .innerJoin('process_confidential_access', 'a', 'a.user_id = u.id')
      .where('a.process_id = :id', { id })
      .orderBy('u.name', 'ASC')
      .getMany();
    const requesterUser = process.requesterUserId
      ? await manager.getRepository(UserEntity).findOneBy({ id: process.requesterUserId })
      : null;
    const requesterExternal = process.requesterExternalId
      ? await manager.getRepository(ExternalRequesterEntity).findOneBy({ id: process.requesterExternalId })
      : null;
    const documentViews = documents.entities.map((doc, i) =>
      toDocumentView(doc, (documents.raw[i] as { stored_name: string }).stored_name),
    );
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
        attachments: documentViews.filter((_, i) => documents.entities[i].responseId === r.id),
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
            }
          : null,
      permissions: permissionsFor(user, summary),
    };
  }

  /** Whether `user` may see the process (attachment downloads). */
  async isVisible(user: AuthUser, id: string): Promise<boolean> {
    const visible = visibleProcessesWhere(user, 'p');
    return this.dataSource
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .where('p.id = :id', { id })
      .andWhere(visible.sql, visible.params)
      .getExists();
  }

  private withSummaryJoins(qb: SelectQueryBuilder<ProcessEntity>) {
    return qb
      .leftJoin(UserEntity, 'creator', 'creator.id = p.created_by')
      .leftJoin('protocols', 'pr', 'pr.process_id = p.id')
      .select(SUMMARY_COLUMNS);
  }

  private pageQuery(qb: SelectQueryBuilder<ProcessEntity>, filters: ProcessListFilters) {
    return this.withSummaryJoins(qb)
      .orderBy('p.last_update', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit);
  }

  private countQuery(qb: SelectQueryBuilder<ProcessEntity>) {
    return qb.select('COUNT(*)::int', 'total');
  }
}
