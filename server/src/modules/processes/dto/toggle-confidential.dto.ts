import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsUUID } from 'class-validator';
import type { ToggleConfidentialRequest } from '#server/contracts/processes';

export class ToggleConfidentialDto implements ToggleConfidentialRequest {
  @IsBoolean()
  confidential: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true })
  confidentialAccess?: string[];
}
