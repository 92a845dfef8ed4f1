import { DepartmentDto } from '#server/modules/departments/dto/department.dto';
import { CreateMaterialItemDto } from '#server/modules/purchase-orders/dto/create-material-item.dto';
import { CreatePurchaseOrderDto } from '#server/modules/purchase-orders/dto/create-purchase-order.dto';
import { PurchaseOrderListFiltersDto } from '#server/modules/purchase-orders/dto/purchase-order-list-filters.dto';
import { UpdatePurchaseOrderStatusDto } from '#server/modules/purchase-orders/dto/update-purchase-order-status.dto';

const DTOS = {
  CreatePurchaseOrderDto,
  UpdatePurchaseOrderStatusDto,
  PurchaseOrderListFiltersDto,
  CreateMaterialItemDto,
  DepartmentDto,
};

/** The properties nestjs-zod hands to Swagger for the DTOs made from the contracts' zod schemas. */
describe('contract DTOs in the OpenAPI document', () => {
  it('give every property one type: Swagger reads a type list (zod’s bare `string | null`) as an array', () => {
    for (const [name, dto] of Object.entries(DTOS)) {
      const properties = dto._OPENAPI_METADATA_FACTORY() as Record<string, { type?: unknown }>;
      for (const [property, schema] of Object.entries(properties)) {
        expect([`${name}.${property}`, Array.isArray(schema.type)]).toEqual([`${name}.${property}`, false]);
      }
    }
  });
});
