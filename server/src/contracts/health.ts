/**
 * GET /api/health (public): 200 when PostgreSQL and the coordination backend answer, 503 with the
 * same body otherwise.
 */
import { z } from 'zod';
import { FIELDS } from './schema-fields';

const { optional, dateTime, text } = FIELDS;

const healthCheckSchema = z.enum(['up', 'down']);
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/** Where queues, sockets between processes and rate limits meet, chosen once at boot. */
const coordinationBackendSchema = z.enum(['redis', 'postgres']);
export type CoordinationBackend = z.infer<typeof coordinationBackendSchema>;

export const healthResponseSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  database: healthCheckSchema,
  coordination: z.strictObject({ backend: coordinationBackendSchema, status: healthCheckSchema }),
  time: dateTime,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Body of POST /health/worker-echo (message defaults to 'ping'). */
export const workerEchoRequestSchema = z.strictObject({ message: optional(z.string().max(200)) });
export type WorkerEchoRequest = z.input<typeof workerEchoRequestSchema>;

/** POST /api/health/worker-echo (202): the job's id; the worker answers over the socket (`system:echo`). */
export const workerEchoResponseSchema = z.strictObject({ jobId: text.optional() });
export type WorkerEchoResponse = z.infer<typeof workerEchoResponseSchema>;
