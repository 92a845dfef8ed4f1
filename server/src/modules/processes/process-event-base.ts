import type { AuthUser } from '#server/common/auth-user';
import type { ProcessEventBase } from '#server/contracts/outbox';
import type { ProcessEntity } from '#server/database/entities/index';
import type { Tx } from '#server/database/transactions';
import type { ProcessesRepository } from '#server/repositories/processes.repository';

/**
 * What every process event carries: everything a consumer needs to reach only the users who may
 * see the process (docs/processes.md#confidentiality).
 */
export async function processEventBase(
  processes: ProcessesRepository,
  manager: Tx,
  process: ProcessEntity,
  actor: Pick<AuthUser, 'id' | 'name'>,
): Promise<ProcessEventBase> {
  const access = process.confidential ? await processes.accessListIds(process.id, manager) : [];
  return {
    processId: process.id,
    subject: process.subject,
    confidential: process.confidential,
    confidentialAccess: access.sort(),
    currentDepartment: process.currentDepartment,
    originDepartment: process.originDepartment,
    createdBy: process.createdBy,
    requesterUserId: process.requesterUserId,
    actorId: actor.id,
    actorName: actor.name,
  };
}
