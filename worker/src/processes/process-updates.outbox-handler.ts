import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rooms } from '#server/contracts/socket-events';
import type { AfterCommit, OutboxHandler } from '../outbox/outbox-handler';
import { EmitterService } from '../realtime/emitter.service';
import {
  activeAdminIds,
  confidentialViewers,
  PROCESS_EVENT_TYPES,
  type ProcessEvent,
  processDepartments,
} from './process-audience';

/**
 * `process:updated` so open lists and detail pages reload. A normal process goes to the rooms of
 * the departments involved, its creator, its internal requester and the admins. A confidential one
 * goes only to the user rooms of those who may see it (admins, creator, access list), never to a
 * department room.
 */
@Injectable()
export class ProcessUpdatesOutboxHandler implements OutboxHandler {
  readonly types = PROCESS_EVENT_TYPES;

  constructor(private readonly emitter: EmitterService) {}

  async handle(event: ProcessEvent, manager: EntityManager): Promise<AfterCommit> {
    const process = event.payload;
    const admins = await activeAdminIds(manager);
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
