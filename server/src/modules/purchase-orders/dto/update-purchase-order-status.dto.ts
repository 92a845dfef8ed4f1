import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  PURCHASE_ORDER_LIMITS,
  PURCHASE_ORDER_MESSAGES,
  PURCHASE_ORDER_TARGET_STATUSES,
  type PurchaseOrderTargetStatus,
  type UpdatePurchaseOrderStatusRequest,
} from '#server/contracts/purchase-orders';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdatePurchaseOrderStatusDto implements UpdatePurchaseOrderStatusRequest {
  @IsIn(PURCHASE_ORDER_TARGET_STATUSES, { message: PURCHASE_ORDER_MESSAGES.statusInvalid })
  status: PurchaseOrderTargetStatus;

  @IsOptional()
  @Transform(trim)
  @MaxLength(PURCHASE_ORDER_LIMITS.maxTextLength)
  @IsString()
  reviewComments?: string;
}
