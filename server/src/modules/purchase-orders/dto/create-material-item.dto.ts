import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  type CreateMaterialItemRequest,
  MATERIAL_CATEGORIES,
  MATERIAL_UNITS,
  type MaterialCategory,
  type MaterialUnit,
  PURCHASE_ORDER_MESSAGES as MESSAGES,
} from '#server/contracts/purchase-orders';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

// class-validator runs the decorators bottom-up: the "required" check sits last so it answers first.
export class CreateMaterialItemDto implements CreateMaterialItemRequest {
  @Transform(trim)
  @MaxLength(200)
  @IsString({ message: MESSAGES.materialFieldsRequired })
  @IsNotEmpty({ message: MESSAGES.materialFieldsRequired })
  name: string;

  @IsOptional()
  @Transform(trim)
  @MaxLength(2_000)
  @IsString()
  description?: string;

  @Transform(trim)
  @IsIn(MATERIAL_UNITS, { message: MESSAGES.materialUnitInvalid })
  @IsNotEmpty({ message: MESSAGES.materialFieldsRequired })
  unit: MaterialUnit;

  @Transform(trim)
  @IsIn(MATERIAL_CATEGORIES, { message: MESSAGES.materialCategoryInvalid })
  @IsNotEmpty({ message: MESSAGES.materialFieldsRequired })
  category: MaterialCategory;

  @IsOptional()
  @IsBoolean()
  isActive?: boolean;
}
