import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { Replies } from '#server/common/openapi/replies';
import type { Response } from 'express';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { Public } from '#server/common/decorators/public.decorator';
import {
  type HealthCheck,
  type HealthResponse,
  healthResponseSchema,
  type WorkerEchoResponse,
  workerEchoResponseSchema,
} from '#server/contracts/health';
import { QueueService } from '#server/queue/queue.service';
import { CoordinationConnection } from '#server/coordination/coordination-connection';
import { DatabaseProbe } from '#server/database/database-probe';
import { EchoDto } from './echo.dto';

@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseProbe,
    private readonly coordination: CoordinationConnection,
    private readonly queues: QueueService,
  ) {}

  /** Liveness and readiness for compose and load balancers: 503 when a dependency is down. */
  @Public()
  @Get()
  @Replies(healthResponseSchema)
  @Replies(healthResponseSchema, 503)
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [database, coordination] = await Promise.all([
      probe(() => this.database.ping()),
      probe(() => this.coordination.ping()),
    ]);
    const status = database === 'up' && coordination === 'up' ? 'ok' : 'degraded';
    res.status(status === 'ok' ? 200 : 503);
    return {
      status,
      database,
      coordination: { backend: this.coordination.backend, status: coordination },
      time: new Date().toISOString(),
    };
  }

  /**
   * Diagnostic round trip through the whole pipeline: the worker receives the job and answers
   * the caller's browser with `system:echo`. Operators use it to check a deployment end to end.
   */
  @Post('worker-echo')
  @HttpCode(202)
  @Replies(workerEchoResponseSchema, 202)
  async workerEcho(@CurrentUser() user: AuthUser, @Body() body: EchoDto): Promise<WorkerEchoResponse> {
    const job = await this.queues.enqueue('system.echo', { userId: user.id, message: body.message ?? 'ping' });
    return { jobId: job.id };
  }
}

async function probe(check: () => Promise<unknown>): Promise<HealthCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), 2000);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
