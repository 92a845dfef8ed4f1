import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { type CreateUserRequest, LEVELS, type Level, ROLES, type Role } from '#server/contracts/users';
import { USER_MESSAGES } from '#server/contracts/validation-messages';
import { trimString } from '#server/common/validation/text-fields';

const REQUIRED = USER_MESSAGES.requiredFields;

// class-validator runs the decorators bottom-up: the "required" check sits last so it answers first.
export class CreateUserDto implements CreateUserRequest {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @Matches(/^[a-z0-9][a-z0-9._-]{1,49}$/, {
    message: 'O nome de usuário deve ter de 2 a 50 caracteres: letras sem acento, números, ponto, hífen ou sublinhado.',
  })
  @IsString()
  @IsNotEmpty({ message: REQUIRED })
  username: string;

  @Transform(trimString)
  @MaxLength(120)
  @IsString()
  @IsNotEmpty({ message: REQUIRED })
  name: string;

  @Transform(trimString)
  @MaxLength(200)
  @IsEmail({}, { message: USER_MESSAGES.invalidEmail })
  @IsNotEmpty({ message: REQUIRED })
  email: string;

  @Transform(trimString)
  @MaxLength(120)
  @IsString()
  @IsNotEmpty({ message: REQUIRED })
  department: string;

  @IsOptional()
  @IsIn(ROLES, { message: 'Perfil inválido.' })
  role?: Role;

  @IsOptional()
  @IsIn(LEVELS, { message: 'Nível hierárquico inválido.' })
  level?: Level;

  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(30)
  phone?: string;
}
