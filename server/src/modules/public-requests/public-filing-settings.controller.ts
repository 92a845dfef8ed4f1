import { Body, Controller, Get, Put } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import { Roles } from '#server/common/decorators/roles.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { Replies } from '#server/common/openapi/replies';
import { type PublicFilingSettings, publicFilingSettingsSchema } from '#server/contracts/public-requests';
import { PublicFilingSettingsDto } from './public-request-fields.dto';
import { PublicFilingSettingsService } from './public-filing-settings.service';

/** Where online filings arrive (docs/processes.md#online-filing): admins only. */
@Roles('admin')
@Controller('settings/public-filing')
export class PublicFilingSettingsController {
  constructor(private readonly settings: PublicFilingSettingsService) {}

  @Get()
  @Replies(publicFilingSettingsSchema)
  get(): Promise<PublicFilingSettings> {
    return this.settings.get();
  }

  @Put()
  @Replies(publicFilingSettingsSchema)
  put(
    @CurrentUser() user: AuthUser,
    @Body() body: PublicFilingSettingsDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<PublicFilingSettings> {
    return this.settings.put(user, body, meta);
  }
}
