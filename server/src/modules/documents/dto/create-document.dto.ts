import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { CreateDocumentRequest } from '#server/contracts/documents';
import {
  DOCUMENT_DESCRIPTION_MAX_LENGTH,
  DOCUMENT_STATUSES,
  DOCUMENT_TITLE_MAX_LENGTH,
} from '#server/contracts/documents';
import { DOCUMENT_MESSAGES } from '#server/contracts/documents';
import { ConfidentialAccessRules, DepartmentAccessRules, ProcessIdRules } from './document-fields.validators';
import { IgnoredActorFields, trimString } from '#server/common/validation/text-fields';

/**
 * POST /documents. Besides the fields used, the spec's client sends `status`, `department`,
 * `protocolNumber` and `createdBy` (docs/documents.md#api): accepted and ignored, since a new document is
 * always a draft of the creator's department, numbered by the server and created by the session.
 */
export class CreateDocumentDto extends IgnoredActorFields implements CreateDocumentRequest {
  @Transform(trimString)
  @MaxLength(DOCUMENT_TITLE_MAX_LENGTH, { message: DOCUMENT_MESSAGES.titleTooLong })
  @IsString({ message: DOCUMENT_MESSAGES.titleRequired })
  @IsNotEmpty({ message: DOCUMENT_MESSAGES.titleRequired })
  title: string;

  @IsString({ message: DOCUMENT_MESSAGES.contentNotText })
  content: string;

  /** Shown in lists; when absent, the first 100 characters of the content. */
  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(DOCUMENT_DESCRIPTION_MAX_LENGTH, { message: DOCUMENT_MESSAGES.descriptionTooLong })
  description?: string;

  @IsOptional()
  @IsIn(DOCUMENT_STATUSES)
  status?: string;

  @IsOptional()
  @IsString()
  @MaxLength(120)
  department?: string;

  @IsOptional()
  @IsString()
  @MaxLength(40)
  protocolNumber?: string;

  @DepartmentAccessRules()
  departmentAccess?: string[];

  @IsOptional()
  @IsBoolean()
  confidential?: boolean;

  @ConfidentialAccessRules()
  confidentialAccess?: string[];

  @ProcessIdRules()
  processId?: string;

  /** Any text: an id that names no template offered to the caller is a 404. */
  @IsOptional()
  @IsString()
  @MaxLength(40)
  templateId?: string;
}
