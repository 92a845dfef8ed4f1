import { SetMetadata } from '@nestjs/common';
import type { Role } from '../../contracts/users';

export const ROLES_KEY = 'semgi:roles';
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
