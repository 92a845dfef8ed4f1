import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';
import { ReportExportsService } from './report-exports.service';
import { ReportsService } from './reports.service';

/** Reports and indicators (docs/reports.md#screen): aggregates over what the caller may see, and their files. */
@Module({
  controllers: [ReportsController],
  providers: [ReportsService, ReportExportsService],
})
export class ReportsModule {}
