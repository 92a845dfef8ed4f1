import { Controller, Get, Query } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { Replies } from '#server/common/openapi/replies';
import { type LaiRequestsResponse, laiRequestsResponseSchema } from '#server/contracts/lai';
import { LaiRequestsQueryDto } from './dto/lai-requests-query.dto';
import { LaiRequestsService } from './lai-requests.service';

/** Access-to-information requests (docs/processes.md#access-to-information-requests). */
@Controller('lai')
export class LaiController {
  constructor(private readonly service: LaiRequestsService) {}

  @Get('requests')
  @Replies(laiRequestsResponseSchema)
  list(@CurrentUser() user: AuthUser, @Query() query: LaiRequestsQueryDto): Promise<LaiRequestsResponse> {
    return this.service.list(user, query);
  }
}
