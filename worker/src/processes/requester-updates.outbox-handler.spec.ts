import type { AppConfig } from '#server/config/config.module';
import type { Tx } from '#server/database/transactions';
import type { QueueService } from '#server/queue/queue.service';
import type { RequestersRepository } from '#server/repositories/requesters.repository';
import { processEvent } from '#test/factories/notifications';
import type { RelayedEvent } from '../outbox/outbox-handler';
import { RequesterUpdatesOutboxHandler } from './requester-updates.outbox-handler';

const event = (confidential: boolean): RelayedEvent => ({
  id: '9',
  type: 'process.finalized',
  createdAt: '2026-03-20T17:05:00.000Z',
  payload: processEvent({ processId: '10001.000012/2026-34', confidential }),
});

/** docs/processes.md#updates-by-e-mail: when the handler queues nothing at all. */
describe('RequesterUpdatesOutboxHandler', () => {
  const setup = (smtp: string | undefined, recipient: { name: string; email: string } | null) => {
    const enqueueBulk = jest.fn();
    const updateRecipient = jest.fn().mockResolvedValue(recipient);
    const config = { SMTP_URL: smtp, TIME_ZONE: 'America/Sao_Paulo', MAIL_RETRY_BASE_MS: 250 } as AppConfig;
    const handler = new RequesterUpdatesOutboxHandler(
      { enqueueBulk } as unknown as QueueService,
      { updateRecipient } as unknown as RequestersRepository,
      config,
    );
    return { handler, enqueueBulk, updateRecipient };
  };
  const tx = {} as Tx;
  const ana = { name: 'Ana', email: 'ana@cidadao.test' };

  it('queues one job after the commit for an opted-in requester', async () => {
    const { handler, enqueueBulk } = setup('smtp://127.0.0.1:2525', ana);
    const afterCommit = await handler.handle(event(false), tx);
    expect(enqueueBulk).not.toHaveBeenCalled();
    await afterCommit?.();
    expect(enqueueBulk).toHaveBeenCalledWith('mail.requester-update', [
      expect.objectContaining({ options: expect.objectContaining({ jobId: 'requester-update-9' }) }),
    ]);
  });

  it('does nothing without SMTP, for a confidential process, or without an opted-in requester', async () => {
    for (const [smtp, confidential, recipient, looksUp] of [
      [undefined, false, ana, false],
      ['smtp://127.0.0.1:2525', true, ana, false],
      ['smtp://127.0.0.1:2525', false, null, true],
    ] as const) {
      const { handler, enqueueBulk, updateRecipient } = setup(smtp, recipient);
      expect(await handler.handle(event(confidential), tx)).toBeUndefined();
      expect(enqueueBulk).not.toHaveBeenCalled();
      expect(updateRecipient).toHaveBeenCalledTimes(looksUp ? 1 : 0);
    }
  });
});
