import type { DataSource } from 'typeorm';
import type { NotificationType } from '#server/contracts/notifications';
import type { OutboxEventPayloads, OutboxEventType, ProcessEventBase } from '#server/contracts/outbox';
import { NotificationEntity } from '#server/database/entities/index';
import { OutboxService } from '#server/outbox/outbox.service';
import type { RunningServer } from '#test/setup/app';

export interface NotificationSeed {
  type?: NotificationType;
  title?: string;
  message?: string;
  link?: string;
  read?: boolean;
}

/** A notification stored directly (API tests; the relay is tested on its own). */
export async function createNotification(
  dataSource: DataSource,
  userId: string,
  seed: NotificationSeed = {},
): Promise<NotificationEntity> {
  const repo = dataSource.getRepository(NotificationEntity);
  const { id } = await repo.save(
    repo.create({
      userId,
      type: seed.type ?? 'process',
      title: seed.title ?? 'Processo encaminhado',
      message: seed.message ?? 'Mensagem de teste',
      link: seed.link ?? '#',
      read: seed.read ?? false,
    }),
  );
  return repo.findOneByOrFail({ id });
}

let processCounter = 0;

/** Payload of a process event, as the processes module writes it. */
export function processEvent(overrides: Partial<ProcessEventBase> = {}): ProcessEventBase {
  processCounter += 1;
  return {
    processId: `PROC-${String(processCounter).padStart(5, '0')}`,
    subject: `Assunto ${processCounter}`,
    confidential: false,
    confidentialAccess: [],
    currentDepartment: 'Jurídico',
    originDepartment: 'Administração',
    createdBy: '00000000-0000-4000-8000-000000000000',
    requesterUserId: null,
    actorId: '00000000-0000-4000-8000-000000000000',
    actorName: 'Servidor',
    ...overrides,
  };
}

export function forwardedEvent(
  overrides: Partial<OutboxEventPayloads['process.forwarded']> = {},
): OutboxEventPayloads['process.forwarded'] {
  const base = processEvent(overrides);
  return {
    ...base,
    fromDepartment: base.originDepartment,
    toDepartment: base.currentDepartment,
    comment: 'Para análise',
    ...overrides,
  };
}

/** Commits one outbox event through the real OutboxService (which kicks the relay after commit). */
export async function commitOutboxEvent<T extends OutboxEventType>(
  server: RunningServer,
  type: T,
  payload: OutboxEventPayloads[T],
): Promise<string> {
  const outbox = server.app.get(OutboxService);
  return server.dataSource.transaction((manager) => outbox.add(manager, type, payload));
}
