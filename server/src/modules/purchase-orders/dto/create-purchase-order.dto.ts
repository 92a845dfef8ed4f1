import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import {
  type CreatePurchaseOrderItemRequest,
  type CreatePurchaseOrderRequest,
  PURCHASE_ORDER_LIMITS as LIMITS,
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  PURCHASE_ORDER_PRIORITIES,
  type PurchaseOrderPriority,
} from '#server/contracts/purchase-orders';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

/**
 * A finite number with at most two decimal places. class-validator's IsNumber({ maxDecimalPlaces })
 * throws (500) on numbers JavaScript prints in exponent notation, such as 5e-324 (found by the
 * OpenAPI fuzz); the value must equal itself rounded to the cent instead.
 */
const IsMoney = (message: string) =>
  ValidateBy({
    name: 'isMoney',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(2)) === value,
      defaultMessage: () => message,
    },
  });

// class-validator runs the decorators bottom-up: the "required" check sits last so it answers first.
export class CreatePurchaseOrderItemDto implements CreatePurchaseOrderItemRequest {
  @IsUUID('all', { message: MESSAGES.materialUnavailable })
  @IsString({ message: MESSAGES.materialRequired })
  @IsNotEmpty({ message: MESSAGES.materialRequired })
  materialItem: string;

  @Max(LIMITS.maxQuantity, { message: MESSAGES.quantityInvalid })
  @Min(1, { message: MESSAGES.quantityInvalid })
  @IsInt({ message: MESSAGES.quantityInvalid })
  quantity: number;

  @IsOptional()
  @Transform(trim)
  @MaxLength(LIMITS.maxTextLength)
  @IsString()
  observation?: string;
}

export class CreatePurchaseOrderDto implements CreatePurchaseOrderRequest {
  @ValidateNested({ each: true, message: MESSAGES.materialRequired })
  @Type(() => CreatePurchaseOrderItemDto)
  @ArrayMaxSize(LIMITS.maxItems, { message: MESSAGES.tooManyItems })
  @ArrayMinSize(1, { message: MESSAGES.itemsRequired })
  @IsArray({ message: MESSAGES.itemsRequired })
  items: CreatePurchaseOrderItemDto[];

  @Transform(trim)
  @MaxLength(LIMITS.maxTextLength)
  @IsString({ message: MESSAGES.justificationRequired })
  @IsNotEmpty({ message: MESSAGES.justificationRequired })
  justification: string;

  @IsOptional()
  @Transform(trim)
  @MaxLength(LIMITS.maxTextLength)
  @IsString()
  observations?: string;

  @IsOptional()
  @IsIn(PURCHASE_ORDER_PRIORITIES, { message: MESSAGES.priorityInvalid })
  priority?: PurchaseOrderPriority;

  @IsOptional()
  @Max(LIMITS.maxEstimatedTotal, { message: MESSAGES.estimatedTotalInvalid })
  @Min(0, { message: MESSAGES.estimatedTotalInvalid })
  @IsMoney(MESSAGES.estimatedTotalInvalid)
  estimatedTotal?: number;

  /** YYYY-MM-DD; checked (real date, not in the past) by the service. Empty means none. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString({ message: MESSAGES.deliveryInvalid })
  deliveryExpected?: string;
}
