import type { Coordination } from './coordination-choice';

/**
 * The process's connection to the coordination backend, shared by the rate limits, the expiring
 * keys and the health probe (BullMQ and Socket.IO open their own connections besides).
 */
export abstract class CoordinationConnection {
  abstract readonly backend: Coordination;
  /** Resolves when the backend answers (GET /api/health). */
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}
