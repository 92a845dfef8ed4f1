import { Body, Controller, Get, HttpCode, Post, Put, UploadedFile } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { type UserView, userViewSchema } from '#server/contracts/users';
import { type AvatarResponse, avatarResponseSchema } from '#server/contracts/profile';
import { ChangePasswordDto } from '../auth/dto/change-password.dto';
import { UploadFile } from '../files/upload-interceptors';
import { ChangeEmailDto } from './dto/change-email.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { ProfileService } from './profile.service';
import { Replies } from '#server/common/openapi/replies';
import { messageResponseSchema } from '#server/contracts/auth';

/** Every signed-in user manages their own account here; nothing takes a user id. */
@Controller('profile')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  @Replies(userViewSchema)
  get(@CurrentUser() caller: AuthUser): Promise<UserView> {
    return this.profile.get(caller);
  }

  @Put()
  @Replies(userViewSchema)
  update(@CurrentUser() caller: AuthUser, @Body() body: UpdateProfileDto, @ReqMeta() meta: RequestMeta) {
    return this.profile.update(caller, body, meta);
  }

  @Put('password')
  @Replies(messageResponseSchema)
  changePassword(@CurrentUser() caller: AuthUser, @Body() body: ChangePasswordDto, @ReqMeta() meta: RequestMeta) {
    return this.profile.changePassword(caller, body, meta);
  }

  @Put('email')
  @Replies(userViewSchema)
  changeEmail(@CurrentUser() caller: AuthUser, @Body() body: ChangeEmailDto, @ReqMeta() meta: RequestMeta) {
    return this.profile.changeEmail(caller, body, meta);
  }

  /** Multipart field `avatar`. */
  @Post('avatar')
  @HttpCode(200)
  @UploadFile('avatar')
  @Replies(avatarResponseSchema)
  uploadAvatar(
    @CurrentUser() caller: AuthUser,
    @UploadedFile() file: Express.Multer.File | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<AvatarResponse> {
    return this.profile.setAvatar(caller, file, meta);
  }
}
