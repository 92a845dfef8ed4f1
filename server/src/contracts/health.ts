/**
 * GET /api/health (public): 200 when PostgreSQL and the coordination backend answer, 503 with the
 * same body otherwise.
 */
export type HealthCheck = 'up' | 'down';

/** Where queues, sockets between processes and rate limits meet, chosen once at boot. */
export type CoordinationBackend = 'redis' | 'postgres';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: HealthCheck;
  coordination: { backend: CoordinationBackend; status: HealthCheck };
  time: string;
}

/** POST /api/health/worker-echo (202): the job's id; the worker answers over the socket (`system:echo`). */
export interface WorkerEchoResponse {
  jobId?: string;
}
