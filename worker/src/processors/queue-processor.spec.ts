import { PROCESSORS } from '../worker.module';
import { type AnyQueueProcessor, checkQueueProcessors } from './queue-processor';

const handler = async () => undefined;
const complete = (): AnyQueueProcessor[] => [
  { queue: 'system', handlers: { 'system.echo': handler } },
  { queue: 'outbox', handlers: { 'outbox.relay': handler } },
  {
    queue: 'dashboard',
    handlers: { 'dashboard.recompute': handler, 'dashboard.refresh': handler, 'report-days.fold': handler },
  },
  {
    queue: 'documents',
    handlers: {
      'document.render-pdf': handler,
      'purchase-order.render-pdf': handler,
      'document.render-template': handler,
      'document.fill-docx': handler,
    },
  },
  {
    queue: 'mail',
    handlers: {
      'mail.notification': handler,
      'mail.requester-update': handler,
      'mail.temporary-password': handler,
      'mail.email-code': handler,
      'mail.receipt': handler,
      'mail.lai-extension': handler,
    },
  },
  {
    queue: 'audit',
    handlers: { 'audit.seal': handler, 'audit.checkpoint': handler, 'audit.retention': handler },
  },
  { queue: 'exports', handlers: { 'audit.export': handler, 'report.export': handler } },
  { queue: 'deadlines', handlers: { 'deadlines.remind': handler } },
];

describe('checkQueueProcessors (worker boot)', () => {
  it("accepts the worker's own processors", () => {
    // The handler maps are built by the constructors; the services they call are not needed here.
    const processors = PROCESSORS.map((Processor) => new (Processor as unknown as new () => AnyQueueProcessor)());
    expect(checkQueueProcessors(processors).map((p) => p.queue)).toEqual([
      'system',
      'outbox',
      'dashboard',
      'documents',
      'audit',
      'exports',
      'mail',
      'deadlines',
    ]);
  });

  it('accepts one processor per queue with every handler', () => {
    expect(checkQueueProcessors(complete())).toHaveLength(8);
  });

  it('refuses a queue without a processor', () => {
    const processors = complete().filter((p) => p.queue !== 'documents');
    expect(() => checkQueueProcessors(processors)).toThrow('fila "documents" sem processador');
  });

  it('refuses a job without a handler', () => {
    const processors = complete();
    processors[2] = { queue: 'dashboard', handlers: {} } as unknown as AnyQueueProcessor;
    expect(() => checkQueueProcessors(processors)).toThrow('job "dashboard.recompute" sem handler na fila "dashboard"');
  });

  it('refuses a handler on a queue that does not carry the job', () => {
    const processors = complete();
    processors[0] = {
      queue: 'system',
      handlers: { 'system.echo': handler, 'outbox.relay': handler },
    } as unknown as AnyQueueProcessor;
    expect(() => checkQueueProcessors(processors)).toThrow('handler do job "outbox.relay" na fila "system"');
  });

  it('refuses two processors for one queue', () => {
    expect(() => checkQueueProcessors([...complete(), complete()[1]])).toThrow(
      'fila "outbox" com mais de um processador',
    );
  });
});
