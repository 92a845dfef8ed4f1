import { Controller, Get, Query } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import type { DashboardResponse } from '../../contracts/dashboard';
import { DashboardService } from './dashboard.service';

/** Spec 1 §2 /dashboard; the shape is in contracts/dashboard.ts. */
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  get(@CurrentUser() user: AuthUser, @Query('status') status: unknown): Promise<DashboardResponse> {
    return this.dashboard.dashboard(user, status);
  }
}
