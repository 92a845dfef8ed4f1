import { Module } from '@nestjs/common';
import { MaterialItemsController } from './material-items.controller';
import { MaterialItemsService } from './material-items.service';
import { PurchaseOrderCommandsService } from './purchase-order-commands.service';
import { PurchaseOrderQueriesService } from './purchase-order-queries.service';
import { PurchaseOrdersController } from './purchase-orders.controller';

/** Material purchase orders and the material catalogue (docs/purchase-orders.md#screen). */
@Module({
  controllers: [PurchaseOrdersController, MaterialItemsController],
  providers: [PurchaseOrderQueriesService, PurchaseOrderCommandsService, MaterialItemsService],
})
export class PurchaseOrdersModule {}
