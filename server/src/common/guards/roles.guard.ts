import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '#server/contracts/users';
import { ROLES_KEY } from '../decorators/roles.decorator';
import type { AuthedRequest } from '../http/request';

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles?.length) return true;
    const { user } = context.switchToHttp().getRequest<AuthedRequest>();
    if (user && roles.includes(user.role)) return true;
    throw new ForbiddenException('Você não tem permissão para realizar esta ação.');
  }
}
