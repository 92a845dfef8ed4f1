import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';

export const IS_PUBLIC = 'semgi:isPublic';
const noSecurity = ApiOperation({ security: [] });

/**
 * The route (or every route of the controller) needs no access token (login, refresh, health,
 * public verification); its OpenAPI operations say so with an empty `security`.
 */
export const Public =
  (): ClassDecorator & MethodDecorator => (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      SetMetadata(IS_PUBLIC, true)(target, key!, descriptor);
      noSecurity(target, key!, descriptor);
      return;
    }
    SetMetadata(IS_PUBLIC, true)(target as abstract new () => unknown);
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = Object.getOwnPropertyDescriptor(prototype, name);
      if (name !== 'constructor' && typeof method?.value === 'function') noSecurity(prototype, name, method);
    }
  };

export const ALLOW_PENDING_PASSWORD_CHANGE = 'semgi:allowPendingPasswordChange';
/** The route stays reachable while the user still has to replace a temporary password. */
export const AllowPendingPasswordChange = () => SetMetadata(ALLOW_PENDING_PASSWORD_CHANGE, true);

export const ALLOW_QUERY_TOKEN = 'semgi:allowQueryToken';
/**
 * The route also accepts the access token as `?token=` (links the browser opens itself: files and
 * images). Every other route takes it only from the Authorization header, so tokens stay out of URLs.
 */
export const AllowQueryToken = () =>
  applyDecorators(
    SetMetadata(ALLOW_QUERY_TOKEN, true),
    ApiQuery({ name: 'token', required: false, description: 'Token de acesso, para links abertos pelo navegador.' }),
  );
