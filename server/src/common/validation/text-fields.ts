import { applyDecorators } from '@nestjs/common';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** class-transformer step that trims strings and leaves anything else for the validators to refuse. */
export const trimString = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * A required, trimmed text of at most `maxLength` characters. Emptiness is reported before length:
 * class-validator runs the decorator applied first first, and applyDecorators applies in list order.
 */
export const RequiredText = (maxLength: number, requiredMessage: string, tooLongMessage?: string) =>
  applyDecorators(
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: requiredMessage }),
    MaxLength(maxLength, tooLongMessage ? { message: tooLongMessage } : undefined),
    Transform(trimString),
  );

/**
 * Identity fields the spec's clients send along with an action (docs/processes.md#api). They are
 * accepted so those payloads validate, and ignored: the actor is always the session's user.
 */
export class IgnoredActorFields {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  userId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  userName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  createdBy?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  uploadedBy?: string;
}
