import { createZodDto } from 'nestjs-zod';
import { createPurchaseOrderSchema } from '#server/contracts/purchase-orders';

export class CreatePurchaseOrderDto extends createZodDto(createPurchaseOrderSchema) {}
