import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { escapeLiteral, type Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { AppConfig } from '#server/config/config.module';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_STATUS_LABELS,
  type AuditLogFilters,
  auditExportDownloadPath,
  auditExportLink,
} from '#server/contracts/audit';
import { rooms } from '#server/contracts/socket-events';
import { auditWhere } from '#server/domain/audit/audit-log-query';
import { exportFilePath, exportTempPath, removeExpiredExports } from '#server/domain/exports/export-files';
import { QueueService } from '#server/queue/queue.service';
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

/** A cell as text with the formula guard of csv-format.ts (= + - @ TAB CR → leading apostrophe). */
const guarded = (expression: string) =>
  `CASE WHEN ${expression} ~ E'^[-=+@\\t\\r]' THEN '''' || ${expression} ELSE ${expression} END`;

/** `CASE column WHEN 'value' THEN 'Rótulo' … ELSE column END` from a label map of the contracts. */
const labelled = (column: string, labels: Record<string, string>) =>
  `CASE ${column} ${Object.entries(labels)
    .map(([value, label]) => `WHEN ${escapeLiteral(value)} THEN ${escapeLiteral(label)}`)
    .join(' ')} ELSE ${column} END`;

/**
 * The export's SELECT, all literals (COPY takes no bind parameters): pt-BR dates in `timeZone`,
 * pt-BR labels, the formula guard, the filters and the list's order by date.
 */
export function auditExportSelect(filters: AuditLogFilters, timeZone: string): string {
  const dir = filters.sortOrder === 1 ? 'ASC' : 'DESC';
  return `SELECT to_char(created_at AT TIME ZONE ${escapeLiteral(timeZone)}, 'DD/MM/YYYY HH24:MI:SS'),
      ${labelled('action', AUDIT_ACTION_LABELS)}, ${labelled('entity_type', AUDIT_ENTITY_LABELS)},
      ${guarded('entity_id')}, ${guarded('description')}, ${guarded('username')}, ${guarded('user_department')},
      ${labelled('status', AUDIT_STATUS_LABELS)}, ${guarded('ip_address')}, ${guarded('details::text')}
    FROM audit_logs ${literalWhere(filters)}
    ORDER BY audit_logs.created_at ${dir}, audit_logs.id ${dir}`;
}

/** auditWhere with each bind parameter inlined as an escaped literal: COPY takes no parameters. */
function literalWhere(filters: AuditLogFilters): string {
  const { sql, params } = auditWhere(filters);
  return sql.replace(/\$(\d+)/g, (_, index: string) => escapeLiteral(String(params[Number(index) - 1])));
}

export interface ExportJob {
  exportId: string;
  userId: string;
  filters: AuditLogFilters;
}

/**
 * Writes the CSV of the filtered audit log (newest or oldest first, as the list's sortOrder) for
 * the admin who asked. PostgreSQL formats the rows itself — `COPY (SELECT …) TO STDOUT (FORMAT csv)`
 * through pg-copy-streams, with dates, labels and the formula guard computed in the SELECT and the
 * filters (whitelisted columns) inlined as escaped literals — and the stream goes, with
 * back-pressure, through CsvRecordStream (CRLF, row count for the progress) into a temporary file
 * renamed into place only when complete: a killed worker leaves no half file under the final name
 * (the temporary one is removed with the expired exports). A failed COPY destroys its connection
 * instead of returning it to the pool mid-protocol.
 */
@Injectable()
export class AuditExportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
    const where = auditWhere(job.filters);
    const [{ total }]: { total: string }[] = await this.dataSource.query(
      `SELECT count(*) AS total FROM audit_logs ${where.sql}`,
      where.params,
    );
    const expected = Number(total);
    const select = auditExportSelect(job.filters, timeZone);

    if (!out.write(CSV_BOM + csvLine(HEADER))) await once(out, 'drain');
    progress(0, expected);
    let lastPush = Date.now();
    const records = new CsvRecordStream((count) => {
      if (Date.now() - lastPush < PROGRESS_EVERY_MS) return;
      lastPush = Date.now();
      progress(count, Math.max(expected, count));
    });
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      await pipeline(
        client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv, DELIMITER ';')`)),
        records,
        out,
        {
          end: false,
        },
      );
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      client.release(failure);
    }
    progress(records.records, Math.max(expected, records.records));
    return records.records;
  }

  /** Socket push now; the stored notification (type task, link to the file) through the outbox. */
  private async announce(job: ExportJob, rows: number): Promise<void> {
    await this.dataSource.query(`INSERT INTO outbox_events (type, payload) VALUES ('export.ready', $1)`, [
      { userId: job.userId, title: 'O arquivo CSV dos logs', link: auditExportLink(job.exportId) },
    ]);
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
