import { createZodDto } from 'nestjs-zod';
import { purchaseOrderListFiltersSchema } from '#server/contracts/purchase-orders';

export class PurchaseOrderListFiltersDto extends createZodDto(purchaseOrderListFiltersSchema) {}
