/** GET /api/health (public): 200 when PostgreSQL and Redis answer, 503 with the same body otherwise. */
export type HealthCheck = 'up' | 'down';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: HealthCheck;
  redis: HealthCheck;
  time: string;
}

/** POST /api/health/worker-echo (202): the job's id; the worker answers over the socket (`system:echo`). */
export interface WorkerEchoResponse {
  jobId?: string;
}
