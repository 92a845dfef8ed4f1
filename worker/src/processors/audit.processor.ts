import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { QUEUES } from '#server/contracts/jobs';
import { QueueService } from '#server/queue/queue.service';
import { AuditRetentionService } from '../audit/audit-retention.service';
import { AuditSealerService } from '../audit/audit-sealer.service';
import { removeExpiredExports } from '#server/domain/exports/export-files';
import { AppConfig } from '#server/config/config.module';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/** Sealing runs at least this often (the server also kicks it after each commit that audited). */
export const AUDIT_SEAL_EVERY_MS = 2000;
/**
 * A signed checkpoint of the chain's head this often (skipped when nothing was sealed since), so a
 * row is covered by a signature within about a minute of being written (README › Audit log).
 */
export const AUDIT_CHECKPOINT_EVERY_MS = 60_000;

/**
 * Queue `audit`, one job at a time (so seals, checkpoints and purges never interleave; an
 * advisory lock also serialises several workers): sealing the chain, periodic signed checkpoints,
 * the nightly retention purge. On shutdown the worker seals what is pending and signs a last
 * checkpoint; the advisory lock and the "already covered" check make that safe with other workers.
 */
@Injectable()
export class AuditProcessor implements QueueProcessor<'audit'>, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Audit');
  readonly queue = QUEUES.audit;
  readonly concurrency = 1;
  readonly handlers: JobHandlers<'audit'> = {
    'audit.seal': async () => ({ sealed: await this.sealer.sealPending() }),
    'audit.checkpoint': () => this.sealAndCheckpoint(),
    'audit.retention': async () => {
      const result = await this.retention.purge();
      const expiredExports = await removeExpiredExports(this.config.STORAGE_DIR);
      this.logger.log({ ...result, expiredExports }, 'retenção da auditoria aplicada');
      return { ...result, expiredExports };
    },
  };

  constructor(
    private readonly sealer: AuditSealerService,
    private readonly retention: AuditRetentionService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  /** Seals what is pending, then signs the head: no row waits for the next seal to be covered. */
  private async sealAndCheckpoint(): Promise<{ seq: string } | null> {
    await this.sealer.sealPending();
    return this.retention.checkpoint();
  }

  /** Runs before the database closes (a worker stopped between two checkpoints leaves no unsigned tail). */
  async beforeApplicationShutdown(): Promise<void> {
    try {
      const signed = await this.sealAndCheckpoint();
      if (signed) this.logger.log(signed, 'ponto de verificação da auditoria assinado no desligamento');
    } catch (error) {
      this.logger.error({ err: error }, 'não foi possível assinar o ponto de verificação no desligamento');
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.queues.queue(QUEUES.audit);
    const options = { removeOnComplete: true, removeOnFail: 100 };
    await queue.upsertJobScheduler(
      'audit.seal.every',
      { every: AUDIT_SEAL_EVERY_MS },
      { name: 'audit.seal', data: {}, opts: options },
    );
    await queue.upsertJobScheduler(
      'audit.checkpoint.every',
      { every: AUDIT_CHECKPOINT_EVERY_MS },
      { name: 'audit.checkpoint', data: {}, opts: options },
    );
    await queue.upsertJobScheduler(
      'audit.retention.nightly',
      { pattern: '30 3 * * *', tz: this.config.TIME_ZONE },
      { name: 'audit.retention', data: {}, opts: options },
    );
  }
}
