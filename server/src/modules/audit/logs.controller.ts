import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Controller, Get, HttpCode, NotFoundException, Param, Query, Res, StreamableFile } from '@nestjs/common';
import contentDisposition from 'content-disposition';
import type { Response } from 'express';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { AllowQueryToken } from '#server/common/decorators/public.decorator';
import { Roles } from '#server/common/decorators/roles.decorator';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import { AppConfig } from '#server/config/config.module';
import {
  type AuditChainReport,
  auditChainReportSchema,
  type AuditExportQueued,
  auditExportQueuedSchema,
  type AuditLogListResponse,
  auditLogListResponseSchema,
  type AuditLogView,
  auditLogViewSchema,
  type AuditStatsResponse,
  auditStatsResponseSchema,
} from '#server/contracts/audit';
import { localIsoDate } from '#server/contracts/dates';
import { findExportFile } from '#server/domain/exports/export-files';
import { QueueService } from '#server/queue/queue.service';
import { AuditLogFiltersDto, AuditLogListQueryDto, AuditPeriodDto } from './dto/audit-log-query.dto';
import { AuditLogsService } from './audit-logs.service';
import { FILE_TYPES, Downloads, Replies } from '#server/common/openapi/replies';

const logId = uuidParam('Log não encontrado.');
const exportId = uuidParam('Arquivo de exportação não encontrado ou expirado.');

/** docs/audit.md#logs-screen Logs: the audit log viewer, statistics, CSV export and chain verification, admins only. */
@Roles('admin')
@Controller('logs')
export class LogsController {
  constructor(
    private readonly logs: AuditLogsService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @Replies(auditLogListResponseSchema)
  list(@Query() query: AuditLogListQueryDto): Promise<AuditLogListResponse> {
    const { page, limit, ...filters } = query;
    return this.logs.list(filters, { page, limit });
  }

  @Get('detail/:id')
  @Replies(auditLogViewSchema)
  detail(@Param('id', logId) id: string): Promise<AuditLogView> {
    return this.logs.detail(id);
  }

  @Get('stats')
  @Replies(auditStatsResponseSchema)
  stats(@Query() period: AuditPeriodDto): Promise<AuditStatsResponse> {
    return this.logs.stats(period);
  }

  /** Walks the whole hash chain (minutes on millions of rows) and names the first broken row. */
  @Get('verify')
  @Replies(auditChainReportSchema)
  verify(): Promise<AuditChainReport> {
    return this.logs.verify();
  }

  /**
   * Queues the CSV of the filtered log in the worker and answers 202 at once: progress and the
   * download link reach the admin's socket (`export:progress`, `export:ready`) and a notification.
   */
  @Get('export')
  @AllowQueryToken()
  @HttpCode(202)
  @Replies(auditExportQueuedSchema, 202)
  async export(@CurrentUser() user: AuthUser, @Query() filters: AuditLogFiltersDto): Promise<AuditExportQueued> {
    const id = randomUUID();
    // One attempt: a failure is reported to the admin at once (export:failed); a worker killed
    // mid-export still gets the job re-run by BullMQ's stalled-job check.
    await this.queues.enqueue('audit.export', { exportId: id, userId: user.id, filters }, { jobId: id, attempts: 1 });
    return { exportId: id, message: 'Exportação iniciada. Você será avisado quando o arquivo estiver pronto.' };
  }

  /** Streams a finished export, only to the admin who asked for it, for 24 hours. */
  @Get('export/:exportId/download')
  @AllowQueryToken()
  @Downloads(FILE_TYPES.csv)
  async download(
    @CurrentUser() user: AuthUser,
    @Param('exportId', exportId) id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await findExportFile(this.config.STORAGE_DIR, {
      kind: 'audit',
      userId: user.id,
      exportId: id,
      ext: 'csv',
    });
    if (!file) throw new NotFoundException('Arquivo de exportação não encontrado ou expirado.');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return new StreamableFile(createReadStream(file.path), {
      type: 'text/csv; charset=utf-8',
      length: file.size,
      disposition: contentDisposition(`logs-auditoria-${localIsoDate(file.createdAt, this.config.TIME_ZONE)}.csv`),
    });
  }
}
