import type { OutboxEventType, ProcessEventBase } from '#server/contracts/outbox';
import type { RelayedEvent } from '../outbox/outbox-handler';

export type ProcessEventType = Extract<OutboxEventType, `process.${string}`>;
export type ProcessEvent = Extract<RelayedEvent, { type: ProcessEventType }>;

export const PROCESS_EVENT_TYPES: readonly ProcessEventType[] = [
  'process.created',
  'process.forwarded',
  'process.responded',
  'process.finalized',
  'process.confidentiality-changed',
  'process.deleted',
  'process.deadline-changed',
  'process.signature-step',
];

/**
 * The process events that can change the dashboard's figures: all but a signature step, which
 * changes no process field and is not counted in the activity (docs/dashboard.md#figures).
 */
export const PROCESS_FIGURE_EVENT_TYPES = PROCESS_EVENT_TYPES.filter((type) => type !== 'process.signature-step');

export const isProcessEvent = (event: RelayedEvent): event is ProcessEvent =>
  (PROCESS_EVENT_TYPES as readonly string[]).includes(event.type);

/**
 * docs/processes.md#confidentiality: a confidential process is visible only to admins, its creator and the users in its
 * access list. Returns those user ids (admins aside), or null when the process is not confidential.
 */
export function confidentialViewers(process: ProcessEventBase): string[] | null {
  if (!process.confidential) return null;
  return [...new Set([process.createdBy, ...process.confidentialAccess])];
}

/** Departments a process event concerns (where it comes from, is, or went; a return deadline's two). */
export function processDepartments(event: ProcessEvent): string[] {
  const p = event.payload;
  const moved =
    event.type === 'process.forwarded'
      ? [event.payload.fromDepartment, event.payload.toDepartment]
      : event.type === 'process.deadline-changed'
        ? event.payload.deadlineDepartments
        : [];
  return [...new Set([p.originDepartment, p.currentDepartment, ...moved].filter(Boolean))];
}
