import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ConfidentialAccessRules,
  DepartmentAccessRules,
  ProcessIdRules,
  TITLE_MAX_LENGTH,
  trimString,
} from './document-fields.validators';

/** Multipart fields arrive as text: lists as JSON, booleans as "true"/"false". */
const jsonList = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
const bool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class UploadDocumentDto {
  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(200, { message: TITLE_MAX_LENGTH })
  title?: string;

  @Transform(jsonList)
  @DepartmentAccessRules()
  departmentAccess?: string[];

  @IsOptional()
  @Transform(bool)
  @IsBoolean()
  confidential?: boolean;

  @Transform(jsonList)
  @ConfidentialAccessRules()
  confidentialAccess?: string[];

  @ProcessIdRules()
  processId?: string;
}
