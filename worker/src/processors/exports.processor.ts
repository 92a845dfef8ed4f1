import { Injectable } from '@nestjs/common';
import { QUEUES } from '#server/contracts/jobs';
import { AuditExportService } from '../audit/audit-export.service';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/** Queue `exports`: CSV exports, apart from the audit queue so a long export never delays sealing. */
@Injectable()
export class ExportsProcessor implements QueueProcessor<'exports'> {
  readonly queue = QUEUES.exports;
  readonly concurrency = 2;
  readonly handlers: JobHandlers<'exports'> = {
    'audit.export': (job) => this.exports.run(job.data),
  };

  constructor(private readonly exports: AuditExportService) {}
}
