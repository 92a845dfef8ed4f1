import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { UpdatePreferencesRequest, UpdateProfileRequest } from '#server/contracts/profile';
import { THEMES, type Theme } from '#server/contracts/users';
import { ACCOUNT_MESSAGES } from '#server/contracts/validation-messages';
import { trimString } from '#server/common/validation/text-fields';

export class NotificationPreferencesDto implements NonNullable<UpdatePreferencesRequest['notifications']> {
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
  // Optional, but never null: a name can be changed, not removed.
  @ValidateIf((dto: UpdateProfileDto) => dto.name !== undefined)
  @Transform(trimString)
  @MaxLength(120, { message: 'O nome deve ter no máximo 120 caracteres.' })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.fullNameRequired })
  @IsString({ message: ACCOUNT_MESSAGES.fullNameRequired })
  name?: string;

  /** Empty clears it. */
  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(80, { message: 'O nome de exibição deve ter no máximo 80 caracteres.' })
  displayName?: string | null;

  @IsOptional()
  @IsObject({ message: 'As preferências são inválidas.' })
  @ValidateNested()
  @Type(() => PreferencesDto)
  preferences?: PreferencesDto;
}
