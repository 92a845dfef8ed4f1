import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { ConfidentialAccessRules, DepartmentAccessRules, ProcessIdRules } from './document-fields.validators';
import { DOCUMENT_TITLE_MAX_LENGTH, type UploadDocumentFields } from '#server/contracts/documents';
import { DOCUMENT_MESSAGES } from '#server/contracts/documents';
import { IgnoredActorFields, trimString } from '#server/common/validation/text-fields';

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

/** Multipart fields of POST /documents/upload; `uploadedBy` and `department` (docs/documents.md#api) are ignored. */
export class UploadDocumentDto extends IgnoredActorFields implements UploadDocumentFields {
  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(DOCUMENT_TITLE_MAX_LENGTH, { message: DOCUMENT_MESSAGES.titleTooLong })
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

  @IsOptional()
  @IsString()
  @MaxLength(120)
  department?: string;
}
