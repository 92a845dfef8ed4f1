import { Injectable } from '@nestjs/common';
import { rooms } from '#server/contracts/socket-events';
import type { Tx } from '#server/database/transactions';
import { UsersRepository } from '#server/repositories/users.repository';
import type { AfterCommit, OutboxHandler } from '../outbox/outbox-handler';
import { EmitterService } from '../realtime/emitter.service';
import { confidentialViewers, PROCESS_EVENT_TYPES, type ProcessEvent, processDepartments } from './process-audience';

/**
 * `process:updated` so open lists and detail pages reload. A normal process goes to the rooms of
 * the departments involved, its creator, its internal requester and the admins. A confidential one
 * goes only to the user rooms of those who may see it (admins, creator, access list), never to a
 * department room.
 */
@Injectable()
export class ProcessUpdatesOutboxHandler implements OutboxHandler {
  readonly types = PROCESS_EVENT_TYPES;

  constructor(
    private readonly emitter: EmitterService,
    private readonly users: UsersRepository,
  ) {}

  async handle(event: ProcessEvent, manager: Tx): Promise<AfterCommit> {
    const process = event.payload;
    const admins = await this.users.activeAdminIds(manager);
    const viewers = confidentialViewers(process);
    const users = viewers ?? [process.createdBy, ...(process.requesterUserId ? [process.requesterUserId] : [])];
    const departments = viewers ? [] : processDepartments(event);
    const target = [...new Set([...admins, ...users].map(rooms.user)), ...departments.map(rooms.department)];
    const payload = {
      processId: process.processId,
      event: event.type,
      currentDepartment: process.currentDepartment,
      deleted: event.type === 'process.deleted',
    };
    return () => this.emitter.emitToRooms(target, 'process:updated', payload);
  }
}
