import { IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import type { ChangeTemporaryPasswordRequest } from '#server/contracts/auth';
import { MIN_PASSWORD_LENGTH, PASSWORD_HAS_CONTENT } from '#server/contracts/auth';
import { MAX_PASSWORD_LENGTH } from '#server/contracts/auth';
import { AUTH_MESSAGES } from '#server/contracts/validation-messages';

export class ChangePasswordDto implements ChangeTemporaryPasswordRequest {
  // Decorators run bottom-up: the "required" check answers first.
  @MaxLength(MAX_PASSWORD_LENGTH)
  @IsString()
  @IsNotEmpty({ message: AUTH_MESSAGES.currentPasswordRequired })
  currentPassword: string;

  @IsString()
  @Matches(PASSWORD_HAS_CONTENT, { message: AUTH_MESSAGES.newPasswordBlank })
  @MinLength(MIN_PASSWORD_LENGTH, { message: AUTH_MESSAGES.newPasswordTooShort })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: AUTH_MESSAGES.newPasswordTooLong })
  newPassword: string;
}
