import { applyDecorators } from '@nestjs/common';
import { Transform, type TransformFnParams, Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  DOCUMENT_FORMATS,
  type DocumentFormat,
  PAGE_SIZES,
  type PageSize,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CONTENT_MAX_LENGTH,
  TEMPLATE_FONTS,
  TEMPLATE_MARGIN_MAX_CM,
  TEMPLATE_TITLE_MAX_LENGTH,
  TEMPLATE_TYPES,
  type TemplateCategory,
  type TemplateColors,
  type TemplateFonts,
  type TemplateMargins,
  type TemplateRequest,
  type TemplateType,
} from '#server/contracts/templates';
import { TEMPLATE_MESSAGES as M } from '#server/contracts/templates';
import { trimString } from '#server/common/validation/text-fields';

/** 2.5000000000000004 (a browser's stepper arithmetic) is 2.5; 2.55 stays and is refused. */
const roundTenths = ({ value }: TransformFnParams): unknown =>
  typeof value === 'number' && Math.abs(value * 10 - Math.round(value * 10)) < 1e-6
    ? Math.round(value * 10) / 10
    : value;

/** Centimetres, 0 to TEMPLATE_MARGIN_MAX_CM in steps of 0.1 (listed bottom-up, as stacked decorators). */
const Measure = () =>
  applyDecorators(
    Max(TEMPLATE_MARGIN_MAX_CM, { message: M.measureInvalid }),
    Min(0, { message: M.measureInvalid }),
    IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 }, { message: M.measureInvalid }),
    Transform(roundTenths),
    IsOptional(),
  );

const Color = () => applyDecorators(Matches(/^#[0-9a-fA-F]{6}$/, { message: M.colorInvalid }), IsOptional());
const Font = () => applyDecorators(IsIn(TEMPLATE_FONTS, { message: M.fontInvalid }), IsOptional());

/** An optional trimmed text of at most `max` characters ('' clears it). */
const OptionalText = (max: number) => applyDecorators(MaxLength(max), IsString(), Transform(trimString), IsOptional());

/** Nested parts: an object checked field by field. */
const Nested = (type: () => new () => object, message: string) =>
  applyDecorators(
    Type(type),
    ValidateNested({ message }),
    IsObject({ message }),
    ValidateIf((_object: object, value: unknown) => value !== undefined),
  );

export class TemplateColorsDto implements Partial<TemplateColors> {
  @Color()
  primary?: string;

  @Color()
  secondary?: string;

  @Color()
  accent?: string;
}

export class TemplateFontsDto implements Partial<TemplateFonts> {
  @Font()
  title?: string;

  @Font()
  body?: string;
}

export class TemplateOrganizationDto implements NonNullable<TemplateRequest['organization']> {
  /** Stored name of an uploaded organisation logo; null or '' for none. */
  @IsOptional()
  @IsString()
  @MaxLength(80)
  logo?: string | null;

  @OptionalText(200)
  name?: string;

  @OptionalText(300)
  address?: string;

  @OptionalText(60)
  phone?: string;

  @ValidateIf((dto: TemplateOrganizationDto) => typeof dto.email === 'string' && dto.email.trim() !== '')
  @IsEmail({}, { message: M.emailInvalid })
  @OptionalText(200)
  email?: string;

  @OptionalText(300)
  website?: string;

  @Nested(() => TemplateColorsDto, M.organizationInvalid)
  colors?: TemplateColorsDto;

  @Nested(() => TemplateFontsDto, M.organizationInvalid)
  fonts?: TemplateFontsDto;
}

export class TemplateMarginsDto implements Partial<TemplateMargins> {
  @Measure()
  top?: number;

  @Measure()
  bottom?: number;

  @Measure()
  left?: number;

  @Measure()
  right?: number;
}

export class TemplateFormattingDto implements NonNullable<TemplateRequest['formatting']> {
  @IsOptional()
  @IsIn(PAGE_SIZES, { message: M.pageSizeInvalid })
  pageSize?: PageSize;

  @Nested(() => TemplateMarginsDto, M.formattingInvalid)
  margins?: TemplateMarginsDto;

  @Measure()
  headerHeight?: number;

  @Measure()
  footerHeight?: number;
}

/** POST /templates and PUT /templates/:id (docs/templates.md#api); omitted parts take the defaults (docs/templates.md#defaults). */
export class TemplateDto implements TemplateRequest {
  @Transform(trimString)
  @MaxLength(TEMPLATE_TITLE_MAX_LENGTH, { message: M.titleTooLong })
  @IsNotEmpty({ message: M.titleRequired })
  @IsString({ message: M.titleRequired })
  title: string;

  /** HTML, sanitised by the service. */
  @MaxLength(TEMPLATE_CONTENT_MAX_LENGTH, { message: M.contentTooLong })
  @IsNotEmpty({ message: M.contentRequired })
  @IsString({ message: M.contentRequired })
  content: string;

  @IsOptional()
  @IsIn(TEMPLATE_TYPES, { message: M.typeInvalid })
  type?: TemplateType;

  @IsOptional()
  @IsIn(TEMPLATE_CATEGORIES, { message: M.categoryInvalid })
  category?: TemplateCategory;

  @IsOptional()
  @IsBoolean()
  isPublic?: boolean;

  @IsOptional()
  @IsIn(DOCUMENT_FORMATS, { message: M.formatInvalid })
  documentFormat?: DocumentFormat;

  /** Stored name of an uploaded DOCX base; null or '' for none. */
  @IsOptional()
  @IsString()
  @MaxLength(80)
  baseDocument?: string | null;

  @Nested(() => TemplateOrganizationDto, M.organizationInvalid)
  organization?: TemplateOrganizationDto;

  @Nested(() => TemplateFormattingDto, M.formattingInvalid)
  formatting?: TemplateFormattingDto;
}
