import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import {
  DEFAULT_RECEIVING_DEPARTMENT,
  PUBLIC_REQUEST_MESSAGES as M,
  type PublicFilingSettings,
} from '#server/contracts/public-requests';
import { Transactions } from '#server/database/transactions';
import { DepartmentsRepository } from '#server/repositories/departments.repository';
import { PublicFilingRepository } from '#server/repositories/public-filing.repository';
import { AuditService } from '../audit/audit.service';

/** The receiving department of online filings, chosen by an admin (docs/processes.md#online-filing). */
@Injectable()
export class PublicFilingSettingsService {
  constructor(
    private readonly settings: PublicFilingRepository,
    private readonly departments: DepartmentsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<PublicFilingSettings> {
    return { receivingDepartment: (await this.settings.chosenDepartment()) ?? DEFAULT_RECEIVING_DEPARTMENT };
  }

  async put(user: AuthUser, input: PublicFilingSettings, meta: RequestMeta): Promise<PublicFilingSettings> {
    const department = input.receivingDepartment;
    await this.transactions.run(async (tx) => {
      if (!(await this.departments.existsByName(department, tx))) throw new BadRequestException(M.departmentNotFound);
      await this.settings.choose(department, user.id, tx);
      await this.audit.record(
        {
          action: 'update',
          entityType: 'system',
          description: `Setor que recebe as solicitações online: ${department}`,
          actor: user,
          meta,
          details: { receivingDepartment: department },
        },
        tx,
      );
    });
    return { receivingDepartment: department };
  }
}
