import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import {
  PURCHASE_ORDER_MESSAGES,
  type MaterialItemListResponse,
  materialItemListResponseSchema,
  type MaterialItemMutationResponse,
  materialItemMutationResponseSchema,
} from '#server/contracts/purchase-orders';
import { CreateMaterialItemDto } from './dto/create-material-item.dto';
import { MaterialItemsService } from './material-items.service';
import { Replies } from '#server/common/openapi/replies';
import { QUERY, QueryParams } from '#server/common/openapi/query-params';

/** docs/purchase-orders.md#api "materials": GET /material-items?isActive=true, POST /material-items. */
@Controller('material-items')
export class MaterialItemsController {
  constructor(private readonly materials: MaterialItemsService) {}

  @Get()
  @Replies(materialItemListResponseSchema)
  @QueryParams(QUERY.materialItems)
  async list(@Query('isActive') isActive: unknown): Promise<MaterialItemListResponse> {
    return { data: await this.materials.list(isActive) };
  }

  @Post()
  @Replies(materialItemMutationResponseSchema, 201)
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateMaterialItemDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<MaterialItemMutationResponse> {
    return {
      message: PURCHASE_ORDER_MESSAGES.materialCreated,
      material: await this.materials.create(user, body, meta),
    };
  }
}
