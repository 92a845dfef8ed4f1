import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { type CreateUserRequest, LEVELS, type Level, ROLES, type Role } from '../../../contracts/users';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const REQUIRED = 'Por favor, preencha todos os campos obrigatórios.';

export class CreateUserDto implements CreateUserRequest {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString()
  @IsNotEmpty({ message: REQUIRED })
  @Matches(/^[a-z0-9][a-z0-9._-]{1,49}$/, {
    message: 'O nome de usuário deve ter de 2 a 50 caracteres: letras sem acento, números, ponto, hífen ou sublinhado.',
  })
  username: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(120)
  name: string;

  @Transform(trim)
  @IsEmail({}, { message: 'Informe um e-mail válido.' })
  @MaxLength(200)
  email: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(120)
  department: string;

  @IsOptional()
  @IsIn(ROLES, { message: 'Perfil inválido.' })
  role?: Role;

  @IsOptional()
  @IsIn(LEVELS, { message: 'Nível hierárquico inválido.' })
  level?: Level;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(30)
  phone?: string;
}
