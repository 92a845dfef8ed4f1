import { ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { LAI_MESSAGES, type LaiRequestsResponse, mayHandleLaiRequests } from '#server/contracts/lai';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { processDeadline } from '#server/domain/deadlines/deadline-state';
import { type LaiListQuery, LaiRequestsRepository } from '#server/repositories/lai-requests.repository';

/** The e-SIC/LAI list (docs/processes.md#access-to-information-requests). */
@Injectable()
export class LaiRequestsService {
  constructor(
    private readonly requests: LaiRequestsRepository,
    private readonly clock: DeadlineClock,
  ) {}

  /** 403 for users who do not handle LAI requests; the rows follow the processes' visibility rule. */
  async list(user: AuthUser, query: LaiListQuery): Promise<LaiRequestsResponse> {
    if (!mayHandleLaiRequests(user)) throw new ForbiddenException(LAI_MESSAGES.forbidden);
    const bounds = await this.clock.context();
    const { rows, total } = await this.requests.page(user, query, bounds);
    const context = await this.clock.contextFor(
      rows.map((row) => row.deadline_due),
      bounds,
    );
    return {
      data: {
        requests: rows.map((row) => ({
          id: row.id,
          requester: row.requester,
          subject: row.subject,
          receivedAt: row.created_at.toISOString(),
          status: row.status,
          confidential: row.confidential,
          currentDepartment: row.current_department,
          deadline:
            row.deadline_kind && row.deadline_unit && row.deadline_due && row.deadline_status
              ? processDeadline(
                  {
                    kind: row.deadline_kind,
                    unit: row.deadline_unit,
                    due: row.deadline_due,
                    status: row.deadline_status,
                  },
                  context,
                )
              : null,
        })),
        total,
        page: query.page,
        limit: query.limit,
        totalPages: Math.ceil(total / query.limit),
      },
    };
  }
}
