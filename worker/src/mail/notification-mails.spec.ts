import type { RelayedEvent } from '../outbox/outbox-handler';
import { notificationMailJobs } from './notification-mails';

const processEvent = (confidential: boolean) =>
  ({
    id: '7',
    type: 'process.forwarded',
    createdAt: '2026-03-01T12:00:00.000Z',
    payload: { processId: 'P-1', subject: 'Assunto', confidential, confidentialAccess: [] },
  }) as unknown as RelayedEvent;
const exportEvent = {
  id: '8',
  type: 'export.ready',
  createdAt: '2026-03-01T12:00:00.000Z',
  payload: { userId: 'u1', title: 'Relatório', link: '/api/exports/x' },
} as RelayedEvent;

const recipients = [
  { id: 'u1', name: 'Ana', email: ' ana@prefeitura.test ', mail: true },
  { id: 'u2', name: 'Bia', email: 'bia@prefeitura.test', mail: false },
  { id: 'u3', name: 'Caio', email: '', mail: true },
];
const row = (id: string, userId: string) => ({ id, userId, title: 'Título', message: 'Mensagem', link: '/semgi/x' });

const RETRY_BASE_MS = 30_000;

describe('notificationMailJobs: which stored notifications are e-mailed', () => {
  it('only recipients with the preference on and an address, one job per notification id', () => {
    const jobs = notificationMailJobs(
      processEvent(false),
      recipients,
      [row('n1', 'u1'), row('n2', 'u2'), row('n3', 'u3')],
      RETRY_BASE_MS,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload).toEqual({
      notificationId: 'n1',
      to: 'ana@prefeitura.test',
      name: 'Ana',
      title: 'Título',
      message: 'Mensagem',
      link: '/semgi/x',
      confidential: false,
    });
    expect(jobs[0].options).toMatchObject({
      jobId: 'notification-n1',
      removeOnComplete: true,
      backoff: { type: 'exponential', delay: RETRY_BASE_MS },
    });
  });

  it('marks the e-mail of a confidential process, and of nothing else', () => {
    expect(
      notificationMailJobs(processEvent(true), recipients, [row('n1', 'u1')], RETRY_BASE_MS)[0].payload.confidential,
    ).toBe(true);
    expect(
      notificationMailJobs(exportEvent, recipients, [row('n1', 'u1')], RETRY_BASE_MS)[0].payload.confidential,
    ).toBe(false);
  });

  it('nothing for a row whose recipient is unknown', () => {
    expect(notificationMailJobs(processEvent(false), recipients, [row('n9', 'u9')], RETRY_BASE_MS)).toEqual([]);
  });
});
