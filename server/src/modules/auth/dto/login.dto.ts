import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { LoginRequest } from '#server/contracts/auth';
import { MAX_PASSWORD_LENGTH } from '#server/contracts/auth';
import { AUTH_MESSAGES } from '#server/contracts/validation-messages';

export class LoginDto implements LoginRequest {
  @IsString()
  @IsNotEmpty({ message: AUTH_MESSAGES.usernameRequired })
  @MaxLength(100)
  username: string;

  @IsString()
  @IsNotEmpty({ message: AUTH_MESSAGES.passwordRequired })
  @MaxLength(MAX_PASSWORD_LENGTH)
  password: string;
}
