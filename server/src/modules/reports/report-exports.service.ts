import { createHash, randomUUID } from 'node:crypto';
import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import { QUEUES } from '#server/contracts/jobs';
import {
  REPORT_EXPORT_MESSAGES,
  type DeadlineReportCalendar,
  type ReportExportFormat,
  type ReportExportQueued,
  type ReportFilters,
  type ReportPayload,
  type ReportType,
} from '#server/contracts/reports';
import { findExportFile } from '#server/domain/exports/export-files';
import { forgetExport, markExportWaiting, moveExportFromWaiting } from '#server/domain/exports/export-handoff';
import { WorkerFileClient } from '#server/modules/files/worker-file.client';
import { QueueService } from '#server/queue/queue.service';
import { ExpiringKeys } from '#server/coordination/expiring-keys';
import { ReportsService } from './reports.service';

/** A finished export file on disk. */
export interface ReportExportFile {
  exportId: string;
  path: string;
  size: number;
  createdAt: Date;
}

export type ReportExportOutcome = { file: ReportExportFile } | { queued: ReportExportQueued };

/** Same user, type, format and filters → the same deduplication id (filters in a fixed key order). */
export function reportExportDedupId(
  userId: string,
  type: ReportType,
  format: ReportExportFormat,
  filters: ReportFilters,
) {
  const ordered = Object.fromEntries(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
  const digest = createHash('sha256')
    .update(JSON.stringify([userId, type, format, ordered]))
    .digest('hex');
  return `report-export-${digest}`;
}

/**
 * GET /reports/{type}/export/{format}: computes the summary for the caller, queues the worker job
 * and waits up to REPORT_EXPORT_WAIT_MS. Done in time → the file; later → 202 and the worker
 * notifies (export-handoff.ts decides who answers). A second request for the same export while the
 * first is queued or running joins that job instead of rendering again (BullMQ deduplication).
 */
@Injectable()
export class ReportExportsService {
  constructor(
    private readonly reports: ReportsService,
    private readonly queues: QueueService,
    private readonly workerFiles: WorkerFileClient,
    private readonly keys: ExpiringKeys,
    private readonly config: AppConfig,
  ) {}

  async export(
    user: AuthUser,
    type: ReportType,
    format: ReportExportFormat,
    filters: ReportFilters,
    requestedId: string | undefined,
  ): Promise<ReportExportOutcome> {
    const payload = await this.payload(user, type, filters);
    const failure = () => new ServiceUnavailableException(REPORT_EXPORT_MESSAGES.failed(format));
    const jobPrefix = `report-${user.id}-`;
    let exportId = requestedId ?? randomUUID();
    await markExportWaiting(this.keys, exportId);
    const job = await this.queues.enqueue(
      'report.export',
      {
        ...payload,
        format,
        filters,
        generatedBy: user.name,
        viewer: { id: user.id, role: user.role, department: user.department, level: user.level },
        exportId,
        generatedAt: new Date().toISOString(),
      },
      {
        // Per user: an id chosen by one user's screen never meets another user's job.
        jobId: `${jobPrefix}${exportId}`,
        deduplication: { id: reportExportDedupId(user.id, type, format, filters) },
        attempts: 2,
        backoff: { type: 'fixed', delay: 1000 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 24 * 3600 },
      },
    );
    // Deduplicated: BullMQ hands back the running job, whose export this request now follows.
    if (job.id && job.id !== `${jobPrefix}${exportId}` && job.id.startsWith(jobPrefix)) {
      await forgetExport(this.keys, exportId);
      exportId = job.id.slice(jobPrefix.length);
    }
    const events = await this.workerFiles.queueEvents(QUEUES.exports);
    const finished = await job.waitUntilFinished(events, this.config.REPORT_EXPORT_WAIT_MS).then(
      () => true,
      () => false,
    );
    if (finished)
      return { file: await this.file(user, type, format, exportId).then((f) => f ?? Promise.reject(failure())) };
    const found = await moveExportFromWaiting(this.keys, exportId, 'detached');
    if (found === 'failed') throw failure();
    if (found === 'done') {
      const file = await this.file(user, type, format, exportId);
      if (!file) throw failure();
      return { file };
    }
    return { queued: { exportId, message: REPORT_EXPORT_MESSAGES.queued } };
  }

  /** The caller's own finished export of that type, or null (someone else's, another type's, missing or expired: all alike). */
  async file(
    user: AuthUser,
    type: ReportType,
    format: ReportExportFormat,
    exportId: string,
  ): Promise<ReportExportFile | null> {
    const found = await findExportFile(this.config.STORAGE_DIR, {
      kind: 'report',
      userId: user.id,
      exportId,
      ext: format,
      tag: type,
    });
    return found && { exportId, ...found };
  }

  private async payload(
    user: AuthUser,
    type: ReportType,
    filters: ReportFilters,
  ): Promise<ReportPayload & { calendar?: DeadlineReportCalendar }> {
    switch (type) {
      case 'processes':
        return { type, report: await this.reports.processes(user, filters) };
      case 'documents':
        return { type, report: await this.reports.documents(user, filters) };
      case 'users':
        return { type, report: await this.reports.users(user, filters) };
      case 'requesters':
        return { type, report: await this.reports.requesters(user, filters) };
      case 'deadlines':
        return { type, ...(await this.reports.deadlinesWithCalendar(user, filters)) };
    }
  }
}
