import { OmitType, PartialType } from '@nestjs/mapped-types';
import type { UpdateUserRequest } from '#server/contracts/users';
import { CreateUserDto } from './create-user.dto';

export class UpdateUserDto
  extends PartialType(OmitType(CreateUserDto, ['username'] as const))
  implements UpdateUserRequest {}
