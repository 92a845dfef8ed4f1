import { applyDecorators } from '@nestjs/common';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

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
