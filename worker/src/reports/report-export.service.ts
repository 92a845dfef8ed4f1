import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import {
  REPORT_EXPORT_MESSAGES,
  REPORT_PDF_DETAIL_CAP,
  reportExportDownloadPath,
  type ReportExportJob,
  reportExportLink,
} from '#server/contracts/reports';
import { rooms } from '#server/contracts/socket-events';
import {
  markExportNotified,
  moveExportFromWaiting,
  type ExportHandoffState,
} from '#server/domain/exports/export-handoff';
import { type ExportFileRef, exportFilePath, exportTempPath } from '#server/domain/exports/export-files';
import { type ReportDetailQuery, reportDetailQuery } from '#server/domain/reports/report-detail';
import { QueueService } from '#server/queue/queue.service';
import { OutboxRepository } from '#server/repositories/outbox.repository';
import { ReportsRepository } from '#server/repositories/reports.repository';
import { ExpiringKeys } from '#server/coordination/expiring-keys';
import { EmitterService } from '../realtime/emitter.service';
import { ChromiumService } from '../renderers/pdf/chromium.service';
import type { Cell } from '../renderers/report/report-layout';
import { type PdfDetail, reportHtml, reportPdfOptions } from '../renderers/report/report.html';
import { writeReportXlsx } from '../renderers/report/report.xlsx';

/** Least time between two `export:progress` pushes. */
const PROGRESS_EVERY_MS = 250;

const TITLES = { pdf: 'O relatório em PDF', xlsx: 'O relatório em Excel' } as const;

/** A detail value as a renderer cell (dates as ISO text, sizes in bytes). */
function cellOf(raw: unknown, kind: ReportDetailQuery['columns'][number]['kind']): Cell {
  if (raw === null || raw === undefined) return null;
  if (kind === 'date') return { date: new Date(raw as Date).toISOString() };
  if (kind === 'bytes') return { bytes: Number(raw) };
  if (kind === 'decimal') return { decimal: Number(raw) };
  if (kind === 'text') return typeof raw === 'string' ? raw : JSON.stringify(raw);
  return Number(raw);
}

/**
 * Job 'report.export': renders the report the server computed (summary, charts, tables) plus the
 * detail rows, which it reads itself with the requester's visibility (report-detail.ts), as PDF
 * (Chromium, detail capped at REPORT_PDF_DETAIL_CAP rows, the cap printed) or XLSX (streamed:
 * pg-query-stream cursor → exceljs WorkbookWriter → file). The file is written under a temporary
 * name and renamed into STORAGE_DIR/report-exports/<user>/<exportId>.<format> only when complete,
 * so a killed worker leaves no half file under the final name, and its retry overwrites the
 * temporary one. The handoff key (export-handoff.ts) says whether the waiting request answers or
 * the user is notified.
 */
@Injectable()
export class ReportExportService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly outbox: OutboxRepository,
    private readonly keys: ExpiringKeys,
    private readonly chromium: ChromiumService,
    private readonly emitter: EmitterService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  async run(job: ReportExportJob, progress: (percent: number) => Promise<void>): Promise<{ rows: number }> {
    const ref: ExportFileRef = {
      kind: 'report',
      userId: job.viewer.id,
      exportId: job.exportId,
      ext: job.format,
      tag: job.type,
    };
    const file = exportFilePath(this.config.STORAGE_DIR, ref);
    const temp = exportTempPath(this.config.STORAGE_DIR, ref);
    await mkdir(path.dirname(file), { recursive: true });
    const detail = reportDetailQuery(job.type, job.viewer, job.filters, this.config.TIME_ZONE, job.calendar);
    await progress(5);
    let rows: number;
    try {
      rows =
        job.format === 'pdf'
          ? await this.writePdf(job, detail, temp, progress)
          : await this.writeXlsx(
              job,
              detail,
              temp,
              this.config.TIME_ZONE,
              this.config.REPORT_EXPORT_TEST_DELAY_MS,
              progress,
            );
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await progress(100);
    const found = await moveExportFromWaiting(this.keys, job.exportId, 'done');
    this.emitter.emitToRooms([rooms.user(job.viewer.id)], 'export:ready', {
      exportId: job.exportId,
      rows,
      downloadPath: reportExportDownloadPath(job.type, job.format, job.exportId),
    });
    if (mustNotify(found)) {
      await this.notify(job, 'export.ready', {
        userId: job.viewer.id,
        title: TITLES[job.format],
        link: reportExportLink(job.type, job.format, job.exportId),
        exportId: job.exportId,
      });
    }
    return { rows };
  }

  /** After the last attempt failed: the waiting request answers 503, else the user is notified. */
  async failed(job: ReportExportJob): Promise<void> {
    const message = REPORT_EXPORT_MESSAGES.failed(job.format);
    const found = await moveExportFromWaiting(this.keys, job.exportId, 'failed');
    this.emitter.emitToRooms([rooms.user(job.viewer.id)], 'export:failed', { exportId: job.exportId, message });
    if (mustNotify(found)) {
      await this.notify(job, 'export.failed', {
        userId: job.viewer.id,
        title: TITLES[job.format],
        message,
        exportId: job.exportId,
      });
    }
  }

  private async writePdf(
    job: ReportExportJob,
    detail: ReportDetailQuery,
    temp: string,
    progress: (percent: number) => Promise<void>,
  ): Promise<number> {
    const [total, rows] = await Promise.all([
      this.reports.countDetail(detail),
      this.reports.detailRows(detail, REPORT_PDF_DETAIL_CAP),
    ]);
    const table: PdfDetail = {
      title: detail.title,
      headers: detail.columns.map((c) => c.header),
      rows: rows.map((row) => detail.columns.map((column, i) => cellOf(row[`c${i}`], column.kind))),
      total,
    };
    await progress(40);
    const html = await reportHtml(job, this.config.TIME_ZONE, table);
    const pdf = await this.chromium.htmlToPdf(html, reportPdfOptions(job));
    await progress(90);
    await writeFile(temp, pdf);
    return total;
  }

  private async writeXlsx(
    job: ReportExportJob,
    detail: ReportDetailQuery,
    temp: string,
    timeZone: string,
    testDelayMs: number,
    progress: (percent: number) => Promise<void>,
  ): Promise<number> {
    const total = await this.reports.countDetail(detail);
    const out = createWriteStream(temp);
    let lastPush = Date.now();
    try {
      return await this.reports.streamDetail(detail, async (rows) => {
        const written = await writeReportXlsx(job, out, timeZone, {
          title: detail.title,
          columns: detail.columns,
          rows,
          onRow: async (count) => {
            if (testDelayMs > 0 && count % 100 === 0) await sleep(testDelayMs);
            if (Date.now() - lastPush < PROGRESS_EVERY_MS) return;
            lastPush = Date.now();
            await progress(5 + Math.floor((90 * count) / Math.max(total, 1)));
          },
        });
        if (!out.writableFinished) await once(out, 'finish');
        return written;
      });
    } catch (error) {
      out.destroy();
      throw error;
    }
  }

  /**
   * The stored notification goes through the outbox (the relay creates it and pushes it); the
   * event is written once per export even if a retry gets here again.
   */
  private async notify(
    job: ReportExportJob,
    type: 'export.ready' | 'export.failed',
    payload: Record<string, unknown>,
  ): Promise<void> {
    await this.outbox.insertOncePerExport(type, payload, job.exportId);
    await markExportNotified(this.keys, job.exportId);
    await this.queues
      .enqueue(
        'outbox.relay',
        {},
        { deduplication: { id: 'outbox.relay', keepLastIfActive: true }, removeOnComplete: true },
      )
      .catch(() => undefined);
  }
}

/**
 * The request stopped waiting (`detached`), an earlier attempt was already told so (`notified`:
 * the insert is idempotent), or nobody ever waited (null: the job was queued without a request).
 */
const mustNotify = (found: ExportHandoffState | null) => found === 'detached' || found === 'notified' || found === null;
