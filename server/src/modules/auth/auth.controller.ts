import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { AllowPendingPasswordChange, Public } from '#server/common/decorators/public.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import {
  type LoginResponse,
  loginResponseSchema,
  type RefreshResponse,
  refreshResponseSchema,
} from '#server/contracts/auth';
import { type UserView, userViewSchema } from '#server/contracts/users';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { AuthenticatorService, bearerToken } from './authenticator.service';
import { Replies } from '#server/common/openapi/replies';
import { messageResponseSchema } from '#server/contracts/auth';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly authenticator: AuthenticatorService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @Replies(loginResponseSchema)
  async login(
    @Body() body: LoginDto,
    @ReqMeta() meta: RequestMeta,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const session = await this.auth.login(body.username, body.password, meta);
    setRefreshCookie(req, res, session.refreshToken, session.refreshExpiresAt);
    return session.response;
  }

  @AllowPendingPasswordChange()
  @Get('me')
  @Replies(userViewSchema)
  me(@CurrentUser() user: AuthUser): Promise<UserView> {
    return this.auth.me(user.id);
  }

  @AllowPendingPasswordChange()
  @Post('change-temporary-password')
  @HttpCode(200)
  @Replies(messageResponseSchema)
  async changeTemporaryPassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordDto,
    @ReqMeta() meta: RequestMeta,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    await this.auth.changePassword(user, body.currentPassword, body.newPassword, meta);
    clearRefreshCookie(req, res);
    return { message: 'Senha alterada com sucesso. Faça login novamente com a nova senha.' };
  }

  @Public()
  @Post('refresh-token')
  @HttpCode(200)
  @Replies(refreshResponseSchema)
  async refresh(
    @ReqMeta() meta: RequestMeta,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RefreshResponse> {
    try {
      const result = await this.auth.refresh(readRefreshCookie(req), meta);
      setRefreshCookie(req, res, result.refreshToken, result.refreshExpiresAt);
      return result.response;
    } catch (error) {
      clearRefreshCookie(req, res);
      throw error;
    }
  }

  /** Public so an expired access token can still end the session held by the cookie. */
  @Public()
  @Post('logout')
  @HttpCode(200)
  @Replies(messageResponseSchema)
  async logout(
    @ReqMeta() meta: RequestMeta,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    const caller = await this.authenticator.authenticate(bearerToken(req.get('authorization')));
    await this.auth.logout(caller, readRefreshCookie(req), meta);
    clearRefreshCookie(req, res);
    return { message: 'Sessão encerrada.' };
  }
}
