import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { StoredDashboardFigures } from './stored-dashboard-figures';

/** The dashboard API: reads the worker's aggregates (docs/dashboard.md#screen /dashboard). */
@Module({
  imports: [DocumentsModule],
  controllers: [DashboardController],
  providers: [DashboardService, StoredDashboardFigures],
})
export class DashboardModule {}
