import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { DepartmentRequest } from '../../../contracts/users';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class DepartmentDto implements DepartmentRequest {
  @Transform(trim)
  @IsString({ message: 'Nome do departamento é obrigatório' })
  @IsNotEmpty({ message: 'Nome do departamento é obrigatório' })
  @MaxLength(120, { message: 'O nome do departamento deve ter no máximo 120 caracteres.' })
  name: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500, { message: 'A descrição deve ter no máximo 500 caracteres.' })
  description?: string | null;
}
