import { createZodDto } from 'nestjs-zod';
import { reportExportQuerySchema, reportFiltersSchema } from '#server/contracts/reports';

export class ReportFiltersDto extends createZodDto(reportFiltersSchema) {}

export class ReportExportQueryDto extends createZodDto(reportExportQuerySchema) {}
