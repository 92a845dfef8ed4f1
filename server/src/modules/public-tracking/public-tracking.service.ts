import { Injectable, NotFoundException } from '@nestjs/common';
import {
  PROCESS_HISTORY_ACTIONS as ACTIONS,
  PUBLIC_TRACKING_NOT_FOUND,
  type PublicTrackingResponse,
} from '#server/contracts/index';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { accessCodeMatches } from '#server/domain/processes/access-code';
import { ProcessAccessCodesRepository } from '#server/repositories/process-access-codes.repository';
import { ProcessActivityRepository } from '#server/repositories/process-activity.repository';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { toProcessSummaries } from '../processes/process-view';

/** History entries that move a process between departments: what the public sees of its history. */
const MOVEMENTS: ReadonlySet<string> = new Set([ACTIONS.created, ACTIONS.forwarded]);

/**
 * docs/processes.md#receipts-and-tracking: the public facts of a process to whoever has its number
 * and access code. Unknown number, wrong code and confidential process do the same work (both
 * look-ups, one constant-time hash comparison) and fail with the same 404.
 */
@Injectable()
export class PublicTrackingService {
  constructor(
    private readonly processes: ProcessesRepository,
    private readonly accessCodes: ProcessAccessCodesRepository,
    private readonly activity: ProcessActivityRepository,
    private readonly deadlineClock: DeadlineClock,
  ) {}

  async track(number: string, code: string): Promise<PublicTrackingResponse> {
    const row = await this.processes.findSummary(number);
    const hash = await this.accessCodes.hashOf(number);
    const matches = accessCodeMatches(code, hash);
    if (!row || !matches || row.confidential) throw new NotFoundException(PUBLIC_TRACKING_NOT_FOUND);
    const [summary] = await toProcessSummaries([row], this.deadlineClock);
    const history = await this.activity.historyOf(row.id);
    return {
      number: summary.id,
      subject: summary.subject,
      status: summary.status,
      currentDepartment: summary.currentDepartment,
      movements: history
        .filter((entry) => MOVEMENTS.has(entry.action))
        .map((entry) => ({ date: entry.date.toISOString(), from: entry.fromDepartment, to: entry.toDepartment })),
      deadline: summary.deadline && { due: summary.deadline.due, state: summary.deadline.state },
    };
  }
}
