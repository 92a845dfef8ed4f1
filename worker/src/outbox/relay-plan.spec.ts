import type { OutboxEventType } from '#server/contracts/outbox';
import type { OutboxHandler } from './outbox-handler';
import { effectsOf, handlersFor, toRelayedEvent } from './relay-plan';

const handler = (name: string, types: OutboxEventType[]): OutboxHandler & { name: string } => ({
  name,
  types,
  handle: () => Promise.resolve(),
});

describe('outbox relay planning', () => {
  it('hands handlers the row with a text id and an ISO date', () => {
    const event = toRelayedEvent({
      id: 42 as unknown as string, // pg returns bigint ids as text, but a number must not leak through
      type: 'export.ready',
      payload: { userId: 'u', title: 'Relatório', link: '#' },
      created_at: new Date('2026-03-01T12:00:00Z'),
    });
    expect(event).toEqual({
      id: '42',
      type: 'export.ready',
      payload: { userId: 'u', title: 'Relatório', link: '#' },
      createdAt: '2026-03-01T12:00:00.000Z',
    });
  });

  it('sends an event to the handlers of its type, in registration order', () => {
    const handlers = [
      handler('notifications', ['process.created', 'document.signed']),
      handler('process-updates', ['process.created']),
      handler('dashboard', ['process.created', 'document.signed']),
    ];
    expect(handlersFor(handlers, 'process.created').map((h) => h.name)).toEqual([
      'notifications',
      'process-updates',
      'dashboard',
    ]);
    expect(handlersFor(handlers, 'document.signed').map((h) => h.name)).toEqual(['notifications', 'dashboard']);
    expect(handlersFor(handlers, 'export.ready')).toEqual([]);
  });

  it('keeps the effects in handler order and skips handlers with nothing to do after commit', () => {
    const first = () => undefined;
    const second = () => undefined;
    expect(
      effectsOf([
        { status: 'fulfilled', value: first },
        { status: 'fulfilled', value: undefined },
        { status: 'fulfilled', value: second },
      ]),
    ).toEqual([first, second]);
  });

  it('fails the event with the first failure in handler order, dropping every effect', () => {
    const early = new Error('primeiro');
    const late = new Error('segundo');
    expect(() =>
      effectsOf([
        { status: 'fulfilled', value: () => undefined },
        { status: 'rejected', reason: early },
        { status: 'rejected', reason: late },
      ]),
    ).toThrow(early);
  });
});
