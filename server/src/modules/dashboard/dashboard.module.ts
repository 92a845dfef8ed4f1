import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

/** The dashboard API: reads the worker's aggregates (docs/dashboard.md#screen /dashboard). */
@Module({
  imports: [DocumentsModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
