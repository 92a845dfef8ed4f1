import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { LoginRequest } from '../../../contracts/auth';

export class LoginDto implements LoginRequest {
  @IsString()
  @IsNotEmpty({ message: 'Informe o usuário.' })
  @MaxLength(100)
  username: string;

  @IsString()
  @IsNotEmpty({ message: 'Informe a senha.' })
  @MaxLength(256)
  password: string;
}
