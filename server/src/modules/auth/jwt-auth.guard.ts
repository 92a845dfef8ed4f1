import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthenticatorService, bearerToken } from './authenticator.service';
import {
  ALLOW_PENDING_PASSWORD_CHANGE,
  ALLOW_QUERY_TOKEN,
  IS_PUBLIC,
} from '#server/common/decorators/public.decorator';
import type { AuthedRequest } from '#server/common/http/request';

/**
 * Global guard: every route needs a valid access token unless marked @Public(). A user holding a
 * temporary password may only reach the routes marked @AllowPendingPasswordChange().
 * File links opened by the browser (`<img src>`, downloads) carry the token as `?token=`, accepted
 * only on the routes marked @AllowQueryToken().
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: AuthenticatorService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const allowQueryToken = this.reflector.getAllAndOverride<boolean>(ALLOW_QUERY_TOKEN, targets);
    const queryToken = allowQueryToken && typeof req.query.token === 'string' ? req.query.token : undefined;
    const user = await this.authenticator.authenticate(bearerToken(req.get('authorization')) ?? queryToken);
    if (!user) throw new UnauthorizedException('Sessão expirada ou inválida. Faça login novamente.');
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(ALLOW_PENDING_PASSWORD_CHANGE, targets)) {
      throw new ForbiddenException({
        statusCode: 403,
        message: 'É necessário alterar a senha temporária antes de continuar.',
        error: 'Forbidden',
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
    }
    req.user = user;
    return true;
  }
}
