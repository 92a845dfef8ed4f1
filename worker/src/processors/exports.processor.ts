import { Injectable } from '@nestjs/common';
import { QUEUES } from '#server/contracts/jobs';
import { rooms } from '#server/contracts/socket-events';
import { AuditExportService } from '../audit/audit-export.service';
import { EmitterService } from '../realtime/emitter.service';
import { ReportExportService } from '../reports/report-export.service';
import type { JobHandlers, QueueProcessor, TypedJob } from './queue-processor';

/**
 * Queue `exports`: files a user asked for and downloads later (the audit log as CSV, reports as PDF
 * or XLSX), apart from the audit queue so a long export never delays sealing, and from the document
 * renders a signature waits for.
 */
@Injectable()
export class ExportsProcessor implements QueueProcessor<'exports'> {
  readonly queue = QUEUES.exports;
  readonly concurrency = 2;
  readonly handlers: JobHandlers<'exports'> = {
    'audit.export': (job) => this.audit.run(job.data),
    'report.export': (job) => this.exportReport(job),
  };

  constructor(
    private readonly audit: AuditExportService,
    private readonly reports: ReportExportService,
    private readonly emitter: EmitterService,
  ) {}

  /** Two attempts (the server queues it so); after the last one fails the user is told. */
  private async exportReport(job: TypedJob<'report.export'>): Promise<{ rows: number }> {
    const data = job.data;
    const progress = async (percent: number) => {
      await job.updateProgress(percent);
      this.emitter.emitToRooms([rooms.user(data.viewer.id)], 'export:progress', {
        exportId: data.exportId,
        processed: percent,
        total: 100,
      });
    };
    try {
      return await this.reports.run(data, progress);
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.reports.failed(data);
      throw error;
    }
  }
}
