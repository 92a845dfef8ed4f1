import { BadRequestException, ConflictException, ForbiddenException } from '@nestjs/common';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import { FINAL_PROCESS_STATUSES, type ProcessPermissions, type ProcessStatus } from '#server/contracts/processes';
import { DEADLINE_MESSAGES } from '#server/contracts/deadlines';
import { CABINET_DEPARTMENT } from '#server/contracts/users';

type Actor = Pick<AuthUser, 'role' | 'department' | 'level'>;
interface ProcessState {
  status: ProcessStatus;
  currentDepartment: string;
}

export const isFinalStatus = (status: ProcessStatus) => FINAL_PROCESS_STATUSES.includes(status);

/** Respond, forward, finalize, attach: an admin or a user of the current department (docs/processes.md#permissions). */
export const mayActOn = (user: Actor, process: ProcessState) =>
  isAdmin(user) || user.department === process.currentDepartment;

export const mayEditConfidentiality = (user: Actor) => isAdmin(user) || user.department === CABINET_DEPARTMENT;

/** Sees the confidentiality panel: admin, Gabinete or Chefia. */
export const isPrivilegedViewer = (user: Actor) => mayEditConfidentiality(user) || user.level === 'Chefia';

export function permissionsFor(user: Actor, process: ProcessState): ProcessPermissions {
  return {
    canAct: mayActOn(user, process) && !isFinalStatus(process.status),
    canDelete: isAdmin(user),
    canViewConfidentiality: isPrivilegedViewer(user),
    canEditConfidentiality: mayEditConfidentiality(user),
  };
}

/** Refusals of the acting rules, in the order the server checks them. */
export function assertMayAct(user: Actor, process: ProcessState): void {
  assertActor(user, process);
  if (isFinalStatus(process.status)) {
    throw new ConflictException('Este processo já foi finalizado e não pode ser alterado.');
  }
}

/** Setting, suspending, resuming and extending deadlines: the acting rule, then 400 on a finalised process (docs/deadlines.md). */
export function assertMayChangeDeadlines(user: Actor, process: ProcessState): void {
  assertActor(user, process);
  if (isFinalStatus(process.status)) throw new BadRequestException(DEADLINE_MESSAGES.processClosed);
}

function assertActor(user: Actor, process: ProcessState): void {
  if (!mayActOn(user, process)) {
    throw new ForbiddenException(
      'Apenas administradores ou usuários do setor atual do processo podem realizar esta ação.',
    );
  }
}

export function assertMayDelete(user: Actor): void {
  if (!isAdmin(user)) throw new ForbiddenException('Apenas administradores podem excluir processos.');
}

export function assertMayEditConfidentiality(user: Actor): void {
  if (!mayEditConfidentiality(user)) {
    throw new ForbiddenException('Apenas administradores ou usuários do Gabinete podem alterar o sigilo do processo.');
  }
}
