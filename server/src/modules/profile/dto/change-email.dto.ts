import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { ChangeEmailRequest } from '#server/contracts/profile';
import { ACCOUNT_MESSAGES } from '#server/contracts/validation-messages';

// class-validator runs the decorators bottom-up: the "required" check sits last so it answers first.
export class ChangeEmailDto implements ChangeEmailRequest {
  @MaxLength(256)
  @IsString()
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.passwordRequired })
  password: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(200, { message: 'O e-mail deve ter no máximo 200 caracteres.' })
  @IsEmail({}, { message: ACCOUNT_MESSAGES.invalidEmail })
  @IsString()
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.newEmailRequired })
  newEmail: string;
}
