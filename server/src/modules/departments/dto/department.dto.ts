import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { DepartmentRequest } from '#server/contracts/users';
import { DEPARTMENT_NAME_MAX_LENGTH } from '#server/contracts/users';
import { USER_MESSAGES } from '#server/contracts/validation-messages';
import { trimString } from '#server/common/validation/text-fields';

export class DepartmentDto implements DepartmentRequest {
  @Transform(trimString)
  @IsString({ message: USER_MESSAGES.departmentNameRequired })
  @IsNotEmpty({ message: USER_MESSAGES.departmentNameRequired })
  @MaxLength(DEPARTMENT_NAME_MAX_LENGTH, { message: USER_MESSAGES.departmentNameTooLong })
  name: string;

  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(500, { message: 'A descrição deve ter no máximo 500 caracteres.' })
  description?: string | null;
}
