import { BadRequestException, Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import contentDisposition from 'content-disposition';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { loadEnv } from '#server/config/env';
import { localIsoDate } from '#server/contracts/dates';
import {
  isReportExportFormat,
  isReportType,
  REPORT_EXPORT_MESSAGES,
  REPORT_MESSAGES,
  reportExportFileName,
  type ReportFilters,
  type ReportPayload,
  type ReportRequesterOption,
  type ReportsByType,
  type ReportType,
} from '#server/contracts/reports';
import { parseExportId, parseReportFilters } from './report-filters';
import { WORKER_FILE_TIMEOUT_MS, WorkerFileClient } from '#server/modules/files/worker-file.client';
import { ReportsService } from './reports.service';
import { FILE_TYPES, REPLY, Downloads, Replies } from '#server/common/openapi/reply-schemas';
import { QUERY, QueryParams } from '#server/common/openapi/query-params';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function reportType(type: string): ReportType {
  if (!isReportType(type)) throw new BadRequestException(REPORT_MESSAGES.invalidType);
  return type;
}

/** Spec 2 §7 Reports; shapes and rules in contracts/reports.ts. */
@Controller('reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly worker: WorkerFileClient,
  ) {}

  @Get('unique-requesters')
  @Replies(REPLY.reportRequesters)
  uniqueRequesters(@CurrentUser() user: AuthUser): Promise<ReportRequesterOption[]> {
    return this.reports.uniqueRequesters(user);
  }

  @Get(':type')
  @Replies(REPLY.report)
  @QueryParams(QUERY.reportFilters)
  report(
    @CurrentUser() user: AuthUser,
    @Param('type') type: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ReportsByType[ReportType]> {
    return this.reports[reportType(type)](user, parseReportFilters(query));
  }

  /** The same report as a file rendered by the worker: 'relatorio-{type}-{date}.{format}'. */
  @Get(':type/export/:format')
  @Downloads(FILE_TYPES.pdf, FILE_TYPES.xlsx)
  @QueryParams({ ...QUERY.reportFilters, ...QUERY.reportExport })
  async export(
    @CurrentUser() user: AuthUser,
    @Param('type') rawType: string,
    @Param('format') format: string,
    @Query() query: Record<string, unknown>,
  ): Promise<StreamableFile> {
    const type = reportType(rawType);
    if (!isReportExportFormat(format)) throw new BadRequestException(REPORT_EXPORT_MESSAGES.invalidFormat);
    const filters = parseReportFilters(query);
    const exportId = parseExportId(query.exportId);
    const payload = await this.payload(user, type, filters);
    const now = new Date();
    const file = await this.worker.render(
      'report.export',
      {
        ...payload,
        format,
        filters,
        generatedBy: user.name,
        requestedBy: user.id,
        ...(exportId ? { exportId } : {}),
        generatedAt: now.toISOString(),
      },
      { timeoutMs: WORKER_FILE_TIMEOUT_MS, failure: REPORT_EXPORT_MESSAGES.failed(format) },
    );
    return new StreamableFile(file, {
      type: CONTENT_TYPES[format],
      length: file.length,
      disposition: contentDisposition(reportExportFileName(type, localIsoDate(now, loadEnv().TIME_ZONE), format)),
    });
  }

  private async payload(user: AuthUser, type: ReportType, filters: ReportFilters): Promise<ReportPayload> {
    switch (type) {
      case 'processes':
        return { type, report: await this.reports.processes(user, filters) };
      case 'documents':
        return { type, report: await this.reports.documents(user, filters) };
      case 'users':
        return { type, report: await this.reports.users(user, filters) };
      case 'requesters':
        return { type, report: await this.reports.requesters(user, filters) };
    }
  }
}
