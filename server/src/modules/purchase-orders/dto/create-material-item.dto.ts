import { createZodDto } from 'nestjs-zod';
import { createMaterialItemSchema } from '#server/contracts/purchase-orders';

export class CreateMaterialItemDto extends createZodDto(createMaterialItemSchema) {}
