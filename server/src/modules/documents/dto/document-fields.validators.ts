import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

// Rules shared by the JSON creation and the upload of a document.
// The validation pipe stops at a field's first error, in the order the rules were registered.
// applyDecorators registers its list from left to right, while stacked decorators register from the
// bottom up: each list below is therefore written bottom-up, as the rules stood in the DTOs.

/** Optional list of department names that may see the document. */
export const DepartmentAccessRules = () =>
  applyDecorators(IsString({ each: true }), ArrayMaxSize(50), IsArray(), IsOptional());

/** Optional list of the user ids that may see a confidential document. */
export const ConfidentialAccessRules = () =>
  applyDecorators(
    IsUUID('all', { each: true, message: 'Usuário inválido na lista de acesso.' }),
    ArrayMaxSize(200),
    IsArray(),
    IsOptional(),
  );

/** Optional process the document belongs to. */
export const ProcessIdRules = () => applyDecorators(MaxLength(40), IsString(), IsOptional());
