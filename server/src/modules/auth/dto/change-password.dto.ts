import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import type { ChangeTemporaryPasswordRequest } from '../../../contracts/auth';
import { MIN_PASSWORD_LENGTH } from '../../../contracts/auth';

export class ChangePasswordDto implements ChangeTemporaryPasswordRequest {
  // Decorators run bottom-up: the "required" check answers first.
  @MaxLength(256)
  @IsString()
  @IsNotEmpty({ message: 'Informe a senha atual.' })
  currentPassword: string;

  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'A nova senha deve ter pelo menos 6 caracteres.' })
  @MaxLength(256, { message: 'A nova senha deve ter no máximo 256 caracteres.' })
  newPassword: string;
}
