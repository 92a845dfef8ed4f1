/**
 * BullMQ queues and job payloads. `enqueue(name, payload)` on the server and the worker's processors
 * are typed by `JobPayloads`, so a wrong payload does not compile.
 */
export const QUEUES = {
  system: 'system',
  outbox: 'outbox',
  dashboard: 'dashboard',
  documents: 'documents',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobPayloads {
  /** Diagnostic round trip: the worker answers with `system:echo` in the user's room. */
  'system.echo': { userId: string; message: string };
  /** Relays committed outbox rows (kicked after each commit that wrote one, and every 2 s). */
  'outbox.relay': Record<string, never>;
  /** Recomputes the dashboard aggregates (deduplicated: a burst of changes causes a few runs). */
  'dashboard.recompute': { reason: string };
  /**
   * Renders a text document's stored file to PDF (Puppeteer) for a qualified signature. The result
   * is a stored file of owner kind 'document-render': `{ storedName }`; the server takes it over.
   */
  'document.render-pdf': { documentId: string; storedName: string; title: string };
}
export type JobName = keyof JobPayloads;

/** Which queue carries each job. */
export const JOB_QUEUE: { [N in JobName]: QueueName } = {
  'system.echo': QUEUES.system,
  'outbox.relay': QUEUES.outbox,
  'dashboard.recompute': QUEUES.dashboard,
  'document.render-pdf': QUEUES.documents,
};
