import { Module } from '@nestjs/common';
import { PublicTrackingController } from './public-tracking.controller';
import { PublicTrackingService } from './public-tracking.service';

/** The public tracking of a process by number and access code (docs/processes.md#receipts-and-tracking). */
@Module({
  controllers: [PublicTrackingController],
  providers: [PublicTrackingService],
})
export class PublicTrackingModule {}
