import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import type { DeadlineUnit } from '#server/contracts/calendar';
import type { DeadlineFilter, DeadlineKind, DeadlineStatus } from '#server/contracts/deadlines';
import { LAI_REQUEST_TYPE, type ProcessStatus } from '#server/contracts/processes';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import type { DeadlineBounds, RowsAndTotal } from './processes.repository';
import { DEADLINE_FILTER_SQL, SHOWN_DEADLINE_JOIN } from './processes.repository';

export interface LaiRequestRow {
  id: string;
  requester: string | null;
  subject: string;
  created_at: Date;
  status: ProcessStatus;
  confidential: boolean;
  current_department: string;
  deadline_kind: DeadlineKind | null;
  deadline_unit: DeadlineUnit | null;
  deadline_due: string | null;
  deadline_status: DeadlineStatus | null;
}

/** Who the extension e-mail of a LAI request goes to (docs/processes.md#access-to-information-requests). */
export interface LaiRequesterContact {
  name: string;
  email: string;
}

export interface LaiListQuery {
  state: DeadlineFilter | null;
  page: number;
  limit: number;
}

/**
 * Access-to-information requests (processes with request_type 'lai'): the e-SIC/LAI list, read through
 * the processes' visibility rule, and the requester the worker tells of an extension.
 */
@Injectable()
export class LaiRequestsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One page of the LAI requests `viewer` may see, by the shown deadline's due day (the running ones
   * first, the most urgent on top; then those with none running, newest first), with the count of all.
   */
  async page(
    viewer: Pick<AuthUser, 'id' | 'role'>,
    query: LaiListQuery,
    bounds: DeadlineBounds,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<RowsAndTotal<LaiRequestRow>> {
    const visible = visibleProcessesWhere(viewer, 'p');
    const base = () => {
      const qb = tx
        .createQueryBuilder()
        .from('processes', 'p')
        .leftJoin('process_deadlines', 'dl', SHOWN_DEADLINE_JOIN)
        .where('p.request_type = :lai', { lai: LAI_REQUEST_TYPE })
        .andWhere(visible.sql, visible.params);
      return query.state
        ? qb.andWhere(DEADLINE_FILTER_SQL[query.state], { today: bounds.today, soon: bounds.soon })
        : qb;
    };
    const [rows, count] = await Promise.all([
      base()
        .leftJoin('external_requesters', 'er', 'er.id = p.requester_external_id')
        .leftJoin('users', 'ru', 'ru.id = p.requester_user_id')
        .select([
          'p.id AS id',
          'COALESCE(er.name, ru.name) AS requester',
          'p.subject AS subject',
          'p.created_at AS created_at',
          'p.status AS status',
          'p.confidential AS confidential',
          'p.current_department AS current_department',
          'dl.kind AS deadline_kind',
          'dl.unit AS deadline_unit',
          `to_char(dl.due_date, 'YYYY-MM-DD') AS deadline_due`,
          'dl.status AS deadline_status',
        ])
        .orderBy('p.deadline_due', 'ASC', 'NULLS LAST')
        .addOrderBy('p.created_at', 'DESC')
        .addOrderBy('p.id', 'DESC')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .getRawMany<LaiRequestRow>(),
      base().select('COUNT(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /** The external requester's name and address when `processId` is a LAI request and they have one; else null. */
  async requesterContact(processId: string, tx: EntityManager = this.dataSource.manager) {
    const rows: LaiRequesterContact[] = await tx.query(
      `SELECT er.name, er.email FROM processes p JOIN external_requesters er ON er.id = p.requester_external_id
       WHERE p.id = $1 AND p.request_type = $2 AND btrim(coalesce(er.email, '')) <> ''`,
      [processId, LAI_REQUEST_TYPE],
    );
    return rows[0] ?? null;
  }
}
