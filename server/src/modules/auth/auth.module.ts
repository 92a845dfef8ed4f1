import { Module } from '@nestjs/common';
import { AccessTokenService } from './access-token.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AuthenticatorService } from './authenticator.service';
import { LoginThrottleService } from './login-throttle.service';
import { RefreshSessionsService } from './refresh-sessions.service';

@Module({
  controllers: [AuthController],
  providers: [AuthService, AccessTokenService, AuthenticatorService, LoginThrottleService, RefreshSessionsService],
  exports: [AuthService, AuthenticatorService, RefreshSessionsService, AccessTokenService, LoginThrottleService],
})
export class AuthModule {}
