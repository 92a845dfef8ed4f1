import { createZodDto } from 'nestjs-zod';
import { updatePurchaseOrderStatusSchema } from '#server/contracts/purchase-orders';

export class UpdatePurchaseOrderStatusDto extends createZodDto(updatePurchaseOrderStatusSchema) {}
