import { IsIn } from 'class-validator';
import { USER_STATUSES, type UserStatus } from '../../../contracts/users';

export class UpdateStatusDto {
  @IsIn(USER_STATUSES, { message: 'Status inválido: use active ou inactive.' })
  status: UserStatus;
}
