import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'semgi:isPublic';
/** The route needs no access token (login, refresh, health, public verification). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const ALLOW_PENDING_PASSWORD_CHANGE = 'semgi:allowPendingPasswordChange';
/** The route stays reachable while the user still has to replace a temporary password. */
export const AllowPendingPasswordChange = () => SetMetadata(ALLOW_PENDING_PASSWORD_CHANGE, true);
