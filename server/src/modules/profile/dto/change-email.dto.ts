import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { ChangeEmailRequest } from '../../../contracts/profile';

// class-validator runs the decorators bottom-up: the "required" check sits last so it answers first.
export class ChangeEmailDto implements ChangeEmailRequest {
  @MaxLength(256)
  @IsString()
  @IsNotEmpty({ message: 'Informe sua senha.' })
  password: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(200, { message: 'O e-mail deve ter no máximo 200 caracteres.' })
  @IsEmail({}, { message: 'Informe um e-mail válido.' })
  @IsString()
  @IsNotEmpty({ message: 'Informe o novo e-mail.' })
  newEmail: string;
}
