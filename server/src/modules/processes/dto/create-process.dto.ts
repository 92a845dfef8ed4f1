import { Expose, plainToInstance, Transform, type TransformFnParams } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  type CreateProcessRequest,
  type NewExternalRequesterInput,
  PROCESS_SUBJECT_MAX_LENGTH,
  PROCESS_TEXT_MAX_LENGTH,
  PROTOCOL_PRIORITIES,
  PROTOCOL_STATUSES,
  PROTOCOL_TYPES,
  type ProtocolDataInput,
  type ProtocolPriority,
  type ProtocolStatus,
  type ProtocolType,
} from '#server/contracts/processes';
import { MAX_FILES_PER_REQUEST } from '#server/domain/files/upload-limits';
import { PROCESS_MESSAGES as M } from '#server/contracts/validation-messages';
import { todayIso } from '../process-dates';

/*
 * The creation payload of docs/processes.md#fields, as JSON or as the JSON text of multipart field `data`
 * (see JsonFieldBody). The validation pipe stops at each field's first failing rule and reports
 * the first field in declaration order; class-validator runs a field's lowest decorator first.
 * Fields are therefore declared in the order of docs/processes.md#validation, and "required" sits lowest; a length
 * limit is reported with its own field (docs/processes.md#validation does not place the limits).
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Multipart sends booleans as text. */
const truthy = (value: unknown) => value === true || value === 'true';
const trimmed = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);
const trim = ({ value }: TransformFnParams): unknown => trimmed(value);
/** The untouched request body a transform reads other fields from. */
const source = ({ obj }: TransformFnParams): Record<string, unknown> => obj as Record<string, unknown>;
/** Trimmed (and cut to `max` characters); blank or anything that is not text counts as absent. */
const optionalText =
  (max?: number) =>
  ({ value }: TransformFnParams): string | undefined =>
    (typeof value === 'string' && value.trim().slice(0, max)) || undefined;
/** Trimmed and cut to `max` characters when text; the emptiness check runs on the result. */
const requiredText =
  (max: number) =>
  ({ value }: TransformFnParams): unknown =>
    typeof value === 'string' ? value.trim().slice(0, max) : value;
/** An empty choice means "use the default". */
const emptyToUndefined = ({ value }: TransformFnParams): unknown =>
  value === '' || value === null ? undefined : value;

const IsIsoDay = (message: string) =>
  ValidateBy(
    {
      name: 'isIsoDay',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          /^\d{4}-\d{2}-\d{2}$/.test(value) &&
          !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      },
    },
    { message },
  );

const NotBeforeToday = (message: string) =>
  ValidateBy(
    {
      name: 'notBeforeToday',
      validator: { validate: (value: unknown) => typeof value === 'string' && value >= todayIso() },
    },
    { message },
  );

export class NewExternalRequesterDto implements NewExternalRequesterInput {
  @Transform(requiredText(200))
  @IsString({ message: M.requesterNameRequired })
  @IsNotEmpty({ message: M.requesterNameRequired })
  @Expose()
  name: string;

  @Transform(requiredText(30))
  @IsString({ message: M.requesterDocumentRequired })
  @IsNotEmpty({ message: M.requesterDocumentRequired })
  @Expose()
  document: string;

  @Transform(requiredText(30))
  @IsString({ message: M.requesterPhoneRequired })
  @IsNotEmpty({ message: M.requesterPhoneRequired })
  @Expose()
  phone: string;

  @Transform(optionalText(200))
  @IsOptional()
  @IsString()
  email?: string;

  @Transform(optionalText(200))
  @IsOptional()
  @IsString()
  department?: string;

  /** The flag may also travel inside the requester (see CreateProcessDto.isNewRequester). */
  @Allow()
  isNewRequester?: unknown;
}

export class ProtocolDataDto implements ProtocolDataInput {
  /** YYYY-MM-DD (a longer ISO date is cut to its day); empty means none. */
  @Transform(({ value }: TransformFnParams): unknown =>
    value === undefined || value === null || value === ''
      ? null
      : typeof value === 'string'
        ? value.trim().slice(0, 10)
        : value,
  )
  @ValidateIf((_, value) => value !== null)
  @NotBeforeToday(M.dueDateBeforeToday)
  @IsIsoDay(M.dueDateInvalid)
  @IsString({ message: M.dueDateInvalid })
  @Expose()
  dueDate: string | null;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(PROTOCOL_TYPES, { message: M.protocolDataInvalid })
  type?: ProtocolType;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(PROTOCOL_STATUSES, { message: M.protocolDataInvalid })
  status?: ProtocolStatus;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(PROTOCOL_PRIORITIES, { message: M.protocolDataInvalid })
  priority?: ProtocolPriority;

  /** Defaults to the process title. */
  @Transform(optionalText(PROCESS_SUBJECT_MAX_LENGTH))
  @IsOptional()
  @IsString()
  subject?: string;
}

export class CreateProcessDto implements CreateProcessRequest {
  /** `title` is accepted as another name of the subject. */
  @Transform((params: TransformFnParams): unknown => trimmed(source(params).subject ?? source(params).title))
  @MaxLength(PROCESS_SUBJECT_MAX_LENGTH, { message: M.titleTooLong })
  @IsString({ message: M.titleRequired })
  @IsNotEmpty({ message: M.titleRequired })
  @Expose()
  subject: string;

  @Allow()
  title?: unknown;

  @Transform(trim)
  @MaxLength(PROCESS_TEXT_MAX_LENGTH, { message: M.descriptionTooLong })
  @IsString({ message: M.descriptionRequired })
  @IsNotEmpty({ message: M.descriptionRequired })
  @Expose()
  description: string;

  /** Accepted, ignored: the origin is always the creator's department. */
  @Allow()
  originDepartment?: string;

  /**
   * The spec's payload lists `attachments`; in JSON it cannot carry files, so it is accepted and
   * ignored. Files come as multipart (field `attachments`, payload as JSON in field `data`).
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_FILES_PER_REQUEST)
  attachments?: unknown[];

  @Transform(trim)
  @IsString({ message: M.destinationRequired })
  @IsNotEmpty({ message: M.destinationRequired })
  @Expose()
  destinationDepartment: string;

  @Transform(({ value }: TransformFnParams) => truthy(value))
  @IsBoolean()
  @Expose()
  confidential: boolean;

  /** Only for a confidential process: at least one user, duplicates dropped. */
  @Transform(({ value }: TransformFnParams): unknown =>
    value === undefined || value === null ? [] : Array.isArray(value) ? [...new Set(value)] : value,
  )
  @ValidateIf((dto: CreateProcessDto) => dto.confidential)
  @ArrayMinSize(1, { message: M.confidentialNeedsUser })
  @IsUUID('all', { each: true, message: M.confidentialAccessList })
  @IsArray({ message: M.confidentialAccessList })
  @Expose()
  confidentialAccess: string[];

  /** True when either this flag or `requester.isNewRequester` is set. */
  @Transform((params: TransformFnParams) => {
    const { isNewRequester, requester } = source(params);
    return truthy(isNewRequester) || (isRecord(requester) && truthy(requester.isNewRequester));
  })
  @IsBoolean()
  @Expose()
  isNewRequester: boolean;

  /** Only read for a new external requester; anything that is not an object counts as empty. */
  @Transform(({ value }: TransformFnParams) => plainToInstance(NewExternalRequesterDto, isRecord(value) ? value : {}))
  @ValidateIf((dto: CreateProcessDto) => dto.isNewRequester)
  @ValidateNested()
  @Expose()
  requester: NewExternalRequesterDto;

  @Transform(optionalText())
  @ValidateIf((dto: CreateProcessDto) => !dto.isNewRequester)
  @IsOptional()
  @IsUUID('all', { message: M.externalRequesterNotFound })
  requesterExternal?: string;

  @Transform(optionalText())
  @ValidateIf((dto: CreateProcessDto) => !dto.isNewRequester && !dto.requesterExternal)
  @IsOptional()
  @IsUUID('all', { message: M.requesterNotFound })
  requesterId?: string;

  @Transform(({ value }: TransformFnParams): unknown =>
    isRecord(value) ? plainToInstance(ProtocolDataDto, value) : value,
  )
  @IsOptional()
  @ValidateNested()
  @IsObject({ message: M.protocolDataInvalid })
  protocolData?: ProtocolDataDto;
}
