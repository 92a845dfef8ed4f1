import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse } from '@nestjs/swagger';
import type { Role } from '#server/contracts/users';

export const ROLES_KEY = 'semgi:roles';
/** Only these roles may call the route (RolesGuard); OpenAPI lists them as `x-roles`. */
export const Roles = (...roles: Role[]) =>
  applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    ApiExtension('x-roles', roles),
    ApiForbiddenResponse({ description: `Apenas: ${roles.join(', ')}.` }),
  );
