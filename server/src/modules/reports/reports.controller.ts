import { createReadStream } from 'node:fs';
import {
  BadRequestException,
  Controller,
  Get,
  NotFoundException,
  Param,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import contentDisposition from 'content-disposition';
import type { Response } from 'express';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { AllowQueryToken } from '#server/common/decorators/public.decorator';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import { AppConfig } from '#server/config/config.module';
import { localIsoDate } from '#server/contracts/dates';
import {
  isReportExportFormat,
  isReportType,
  REPORT_EXPORT_MESSAGES,
  REPORT_MESSAGES,
  type ReportExportFormat,
  reportExportFileName,
  type ReportExportQueued,
  reportExportQueuedSchema,
  type ReportRequesterOption,
  reportRequesterOptionsSchema,
  reportSchema,
  type ReportsByType,
  type ReportType,
} from '#server/contracts/reports';
import { ReportExportQueryDto, ReportFiltersDto } from './dto/report-filters.dto';
import { type ReportExportFile, ReportExportsService } from './report-exports.service';
import { ReportsService } from './reports.service';
import { FILE_TYPES, Downloads, DownloadsOrQueued, Replies } from '#server/common/openapi/replies';

const exportIdParam = uuidParam(REPORT_EXPORT_MESSAGES.notFound);

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function reportType(type: string): ReportType {
  if (!isReportType(type)) throw new BadRequestException(REPORT_MESSAGES.invalidType);
  return type;
}

/** docs/reports.md#api Reports; shapes and rules in contracts/reports.ts. */
@Controller('reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly exports: ReportExportsService,
    private readonly config: AppConfig,
  ) {}

  @Get('unique-requesters')
  @Replies(reportRequesterOptionsSchema)
  uniqueRequesters(@CurrentUser() user: AuthUser): Promise<ReportRequesterOption[]> {
    return this.reports.uniqueRequesters(user);
  }

  @Get(':type')
  @Replies(reportSchema)
  report(
    @CurrentUser() user: AuthUser,
    @Param('type') type: string,
    @Query() filters: ReportFiltersDto,
  ): Promise<ReportsByType[ReportType]> {
    return this.reports[reportType(type)](user, filters);
  }

  /**
   * The same report as a file rendered by the worker: 'relatorio-{type}-{date}.{format}' when it is
   * ready within REPORT_EXPORT_WAIT_MS, else 202 { exportId, message } and a notification later.
   */
  @Get(':type/export/:format')
  @DownloadsOrQueued(reportExportQueuedSchema, FILE_TYPES.pdf, FILE_TYPES.xlsx)
  async export(
    @CurrentUser() user: AuthUser,
    @Param('type') rawType: string,
    @Param('format') format: string,
    @Query() { exportId, ...filters }: ReportExportQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | ReportExportQueued> {
    const type = reportType(rawType);
    if (!isReportExportFormat(format)) throw new BadRequestException(REPORT_EXPORT_MESSAGES.invalidFormat);
    const outcome = await this.exports.export(user, type, format, filters, exportId);
    if ('queued' in outcome) {
      res.status(202);
      return outcome.queued;
    }
    return this.send(res, type, format, outcome.file);
  }

  /** A finished export, only to the user who asked for it, for 24 hours (everyone else: 404). */
  @Get(':type/export/:format/:exportId')
  @AllowQueryToken()
  @Downloads(FILE_TYPES.pdf, FILE_TYPES.xlsx)
  async download(
    @CurrentUser() user: AuthUser,
    @Param('type') rawType: string,
    @Param('format') format: string,
    @Param('exportId', exportIdParam) exportId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const type = reportType(rawType);
    if (!isReportExportFormat(format)) throw new BadRequestException(REPORT_EXPORT_MESSAGES.invalidFormat);
    const file = await this.exports.file(user, type, format, exportId);
    if (!file) throw new NotFoundException(REPORT_EXPORT_MESSAGES.notFound);
    return this.send(res, type, format, file);
  }

  private send(res: Response, type: ReportType, format: ReportExportFormat, file: ReportExportFile): StreamableFile {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Export-Id', file.exportId);
    return new StreamableFile(createReadStream(file.path), {
      type: CONTENT_TYPES[format],
      length: file.size,
      disposition: contentDisposition(
        reportExportFileName(type, localIsoDate(file.createdAt, this.config.TIME_ZONE), format),
      ),
    });
  }
}
