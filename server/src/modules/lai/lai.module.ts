import { Module } from '@nestjs/common';
import { LaiController } from './lai.controller';
import { LaiRequestsService } from './lai-requests.service';

@Module({
  controllers: [LaiController],
  providers: [LaiRequestsService],
})
export class LaiModule {}
