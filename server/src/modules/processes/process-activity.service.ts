import { Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { AuditAction } from '#server/contracts/audit';
import type { OutboxEventPayloads, ProcessEventBase } from '#server/contracts/outbox';
import type { ProcessEntity } from '#server/database/entities/index';
import type { Tx } from '#server/database/transactions';
import { OutboxService } from '#server/outbox/outbox.service';
import { ProcessActivityRepository } from '#server/repositories/process-activity.repository';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { AuditService } from '../audit/audit.service';
import { processEventBase } from './process-event-base';

type ProcessEventType = {
  [K in keyof OutboxEventPayloads]: OutboxEventPayloads[K] extends ProcessEventBase ? K : never;
}[keyof OutboxEventPayloads];

export interface ProcessActivity<T extends ProcessEventType> {
  history?: { action: string; from?: string | null; to?: string | null; comment?: string; date?: Date };
  audit: { action: AuditAction; description: string; details?: Record<string, unknown> };
  /** Omitted for actions without an outbox event type (attachments). */
  event?: { type: T; extra: Omit<OutboxEventPayloads[T], keyof ProcessEventBase> };
}

/**
 * Writes what every process action leaves behind — its history entry, its audit-log entry and its
 * outbox event — with the action's transaction manager, so all of them commit or none does.
 */
@Injectable()
export class ProcessActivityService {
  constructor(
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly processes: ProcessesRepository,
    private readonly activityLog: ProcessActivityRepository,
  ) {}

  async record<T extends ProcessEventType>(
    manager: Tx,
    process: ProcessEntity,
    actor: AuthUser,
    meta: RequestMeta,
    activity: ProcessActivity<T>,
  ): Promise<void> {
    if (activity.history) {
      await this.activityLog.insertHistory(
        {
          processId: process.id,
          date: activity.history.date ?? new Date(),
          action: activity.history.action,
          fromDepartment: activity.history.from ?? null,
          toDepartment: activity.history.to ?? null,
          comment: activity.history.comment ?? '',
          userId: actor.id,
          userName: actor.name,
          userDepartment: actor.department,
        },
        manager,
      );
    }
    await this.audit.record(
      {
        action: activity.audit.action,
        entityType: 'process',
        entityId: process.id,
        description: activity.audit.description,
        actor,
        meta,
        details: activity.audit.details ?? null,
      },
      manager,
    );
    if (activity.event) {
      const base = await processEventBase(this.processes, manager, process, actor);
      await this.outbox.add(manager, activity.event.type, {
        ...base,
        ...activity.event.extra,
      } as OutboxEventPayloads[T]);
    }
  }
}
