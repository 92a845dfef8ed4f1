import { Module } from '@nestjs/common';
import { ProcessesModule } from '../processes/processes.module';
import { EmailCodesService } from './email-codes.service';
import { ProofOfWorkService } from './proof-of-work.service';
import { PublicFilingSettingsController } from './public-filing-settings.controller';
import { PublicFilingSettingsService } from './public-filing-settings.service';
import { PublicRequestsController } from './public-requests.controller';
import { PublicRequestsService } from './public-requests.service';

/** Online filing by citizens and its admin setting (docs/processes.md#online-filing). */
@Module({
  imports: [ProcessesModule],
  controllers: [PublicRequestsController, PublicFilingSettingsController],
  providers: [ProofOfWorkService, EmailCodesService, PublicRequestsService, PublicFilingSettingsService],
})
export class PublicRequestsModule {}
