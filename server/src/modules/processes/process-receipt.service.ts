import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { publicTrackingPath } from '#server/contracts/index';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';
import { AppConfig } from '#server/config/config.module';
import { ProcessQueriesService } from './process-queries.service';
import { receivingDepartmentOf } from './process-view';
import { renderReceipt } from '#server/domain/processes/receipt-pdf';

/** The receipt of a process with an external requester, to users who may see it (docs/processes.md#receipts-and-tracking). */
@Injectable()
export class ProcessReceiptService {
  constructor(
    private readonly queries: ProcessQueriesService,
    private readonly config: AppConfig,
  ) {}

  /** `requestOrigin`: where the request came to; the QR code points there unless PUBLIC_URL is set. */
  async receipt(user: AuthUser, id: string, requestOrigin: string): Promise<Buffer> {
    const view = await this.queries.details(user, id);
    if (!view.accessCode || view.requester?.type !== 'external') {
      throw new NotFoundException(PROCESS_MESSAGES.noExternalRequester);
    }
    const base = (this.config.PUBLIC_URL ?? requestOrigin).replace(/\/+$/, '');
    return renderReceipt({
      number: view.id,
      createdAt: new Date(view.createdAt),
      timeZone: this.config.TIME_ZONE,
      subject: view.subject,
      receivingDepartment: receivingDepartmentOf(view),
      requesterName: view.requester.name,
      accessCode: view.accessCode,
      trackingUrl: `${base}${publicTrackingPath(view.id, view.accessCode)}`,
    });
  }
}
