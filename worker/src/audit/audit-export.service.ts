import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { type AuditLogFilters, auditExportDownloadPath, auditExportLink } from '#server/contracts/audit';
import { rooms } from '#server/contracts/socket-events';
import { auditWhere } from '#server/domain/audit/audit-log-query';
import { exportFilePath, exportTempPath, removeExpiredExports } from '#server/domain/exports/export-files';
import { QueueService } from '#server/queue/queue.service';
import { AuditLogsRepository } from '#server/repositories/audit-logs.repository';
import { OutboxRepository } from '#server/repositories/outbox.repository';
import { EmitterService } from '../realtime/emitter.service';
import { CSV_BOM, csvLine } from '../renderers/csv/csv-format';
import { CsvRecordStream } from '../renderers/csv/csv-record-stream';

/** Least time between two `export:progress` pushes. */
const PROGRESS_EVERY_MS = 250;

const HEADER = [
  'Data/Hora',
  'Ação',
  'Tipo de Entidade',
  'ID da Entidade',
  'Descrição',
  'Usuário',
  'Departamento',
  'Status',
  'Endereço IP',
  'Detalhes',
];

export interface ExportJob {
  exportId: string;
  userId: string;
  filters: AuditLogFilters;
}

/**
 * Writes the CSV of the filtered audit log (newest or oldest first, as the list's sortOrder) for
 * the admin who asked. PostgreSQL formats the rows itself (AuditLogsRepository.copyExportCsv: COPY
 * of a SELECT computing dates, labels and the formula guard, the filters inlined as escaped
 * literals) and the stream goes, with back-pressure, through CsvRecordStream (CRLF, row count for
 * the progress) into a temporary file renamed into place only when complete: a killed worker leaves
 * no half file under the final name (the temporary one is removed with the expired exports).
 */
@Injectable()
export class AuditExportService {
  constructor(
    private readonly logs: AuditLogsRepository,
    private readonly outbox: OutboxRepository,
    private readonly emitter: EmitterService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  async run(job: ExportJob): Promise<{ rows: number }> {
    await removeExpiredExports(this.config.STORAGE_DIR);
    const ref = { kind: 'audit', userId: job.userId, exportId: job.exportId, ext: 'csv' } as const;
    const file = exportFilePath(this.config.STORAGE_DIR, ref);
    const temp = exportTempPath(this.config.STORAGE_DIR, ref);
    await mkdir(path.dirname(file), { recursive: true });
    const room = [rooms.user(job.userId)];
    const out = createWriteStream(temp, { encoding: 'utf8' });
    try {
      const rows = await this.write(job, out, this.config.TIME_ZONE, (processed, total) =>
        this.emitter.emitToRooms(room, 'export:progress', { exportId: job.exportId, processed, total }),
      );
      out.end();
      await once(out, 'close');
      await rename(temp, file);
      await this.announce(job, rows);
      return { rows };
    } catch (error) {
      out.destroy();
      await rm(temp, { force: true });
      this.emitter.emitToRooms(room, 'export:failed', {
        exportId: job.exportId,
        message: 'Falha ao exportar logs. Por favor, tente novamente.',
      });
      throw error;
    }
  }

  private async write(
    job: ExportJob,
    out: WriteStream,
    timeZone: string,
    progress: (processed: number, total: number) => void,
  ): Promise<number> {
    const expected = await this.logs.count(auditWhere(job.filters), null);

    if (!out.write(CSV_BOM + csvLine(HEADER))) await once(out, 'drain');
    progress(0, expected);
    let lastPush = Date.now();
    const records = new CsvRecordStream((count) => {
      if (Date.now() - lastPush < PROGRESS_EVERY_MS) return;
      lastPush = Date.now();
      progress(count, Math.max(expected, count));
    });
    await this.logs.copyExportCsv(job.filters, timeZone, (csv) => pipeline(csv, records, out, { end: false }));
    progress(records.records, Math.max(expected, records.records));
    return records.records;
  }

  /** Socket push now; the stored notification (type task, link to the file) through the outbox. */
  private async announce(job: ExportJob, rows: number): Promise<void> {
    await this.outbox.insert('export.ready', {
      userId: job.userId,
      title: 'O arquivo CSV dos logs',
      link: auditExportLink(job.exportId),
    });
    this.emitter.emitToRooms([rooms.user(job.userId)], 'export:ready', {
      exportId: job.exportId,
      rows,
      downloadPath: auditExportDownloadPath(job.exportId),
    });
    await this.queues
      .enqueue(
        'outbox.relay',
        {},
        { deduplication: { id: 'outbox.relay', keepLastIfActive: true }, removeOnComplete: true },
      )
      .catch(() => undefined);
  }
}
