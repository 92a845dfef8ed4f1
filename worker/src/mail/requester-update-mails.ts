import type { RequesterUpdateMailJob } from '#server/contracts/jobs';
import { PROCESS_STATUS_LABELS } from '#server/contracts/processes';
import { mailJobOptions, requesterUpdateMailJobId } from '#server/queue/mail-jobs';
import type { RelayedEvent } from '../outbox/outbox-handler';

/** The process events an opted-in requester is told of: a new department or status, or the end. */
export const REQUESTER_UPDATE_EVENTS = ['process.forwarded', 'process.finalized'] as const;
type RequesterUpdateEvent = Extract<RelayedEvent, { type: (typeof REQUESTER_UPDATE_EVENTS)[number] }>;

/** '26/11/2026 às 14:05' in `timeZone`. */
export function mailDateTime(iso: string, timeZone: string): string {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone, ...options }).format(new Date(iso));
  return `${part({ day: '2-digit', month: '2-digit', year: 'numeric' })} às ${part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}`;
}

/**
 * The mail job of one event for its requester (docs/processes.md#updates-by-e-mail), keyed on the
 * event id: relaying the event again queues nothing new. Built from the event, so each e-mail tells
 * the change it is about even when the relay runs late.
 */
export function requesterUpdateMailJob(
  event: RequesterUpdateEvent,
  recipient: { name: string; email: string },
  { timeZone, retryBaseMs }: { timeZone: string; retryBaseMs: number },
) {
  const forwarded = event.type === 'process.forwarded';
  const payload: RequesterUpdateMailJob = {
    eventId: event.id,
    to: recipient.email,
    name: recipient.name,
    number: event.payload.processId,
    change: forwarded ? 'forwarded' : 'finalized',
    status: PROCESS_STATUS_LABELS[forwarded ? 'em andamento' : 'concluído'],
    department: forwarded ? event.payload.toDepartment : event.payload.currentDepartment,
    date: mailDateTime(event.createdAt, timeZone),
  };
  return { payload, options: mailJobOptions(requesterUpdateMailJobId(event.id), { secret: false, retryBaseMs }) };
}
