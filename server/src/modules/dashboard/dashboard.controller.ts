import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { dashboardResponseSchema, type DashboardResponse } from '#server/contracts/dashboard';
import { DashboardService } from './dashboard.service';
import { Replies } from '#server/common/openapi/replies';

/** docs/dashboard.md#screen /dashboard; the shape is in contracts/dashboard.ts. */
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiQuery({ name: 'status', required: false, schema: { type: 'string' } })
  @Replies(dashboardResponseSchema)
  get(@CurrentUser() user: AuthUser, @Query('status') status: unknown): Promise<DashboardResponse> {
    return this.dashboard.dashboard(user, status);
  }
}
