import { IsIn } from 'class-validator';
import { USER_STATUSES, type UserStatus } from '#server/contracts/users';
import { type UpdateUserStatusRequest } from '#server/contracts/users';

export class UpdateStatusDto implements UpdateUserStatusRequest {
  @IsIn(USER_STATUSES, { message: 'Status inválido: use active ou inactive.' })
  status: UserStatus;
}
