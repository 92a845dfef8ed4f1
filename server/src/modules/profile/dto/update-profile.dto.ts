import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { UpdatePreferencesRequest, UpdateProfileRequest } from '../../../contracts/profile';
import { THEMES, type Theme } from '../../../contracts/users';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class NotificationPreferencesDto {
  @IsOptional()
  @IsBoolean()
  email?: boolean;

  @IsOptional()
  @IsBoolean()
  system?: boolean;
}

export class PreferencesDto implements UpdatePreferencesRequest {
  @IsOptional()
  @IsIn(THEMES, { message: 'Tema inválido: use light, dark ou system.' })
  theme?: Theme;

  @IsOptional()
  @IsObject({ message: 'As preferências de notificação são inválidas.' })
  @ValidateNested()
  @Type(() => NotificationPreferencesDto)
  notifications?: NotificationPreferencesDto;
}

export class UpdateProfileDto implements UpdateProfileRequest {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'O nome completo é obrigatório.' })
  @MaxLength(120, { message: 'O nome deve ter no máximo 120 caracteres.' })
  name?: string;

  /** Empty clears it. */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(80, { message: 'O nome de exibição deve ter no máximo 80 caracteres.' })
  displayName?: string | null;

  @IsOptional()
  @IsObject({ message: 'As preferências são inválidas.' })
  @ValidateNested()
  @Type(() => PreferencesDto)
  preferences?: PreferencesDto;
}
