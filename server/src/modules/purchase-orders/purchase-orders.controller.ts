import { Body, Controller, Get, Param, Patch, Post, Query, Res, StreamableFile } from '@nestjs/common';
import contentDisposition from 'content-disposition';
import type { Response } from 'express';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import {
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  type PurchaseOrderListResponse,
  purchaseOrderListResponseSchema,
  type PurchaseOrderMutationResponse,
  purchaseOrderMutationResponseSchema,
  type PurchaseOrderStatsResponse,
  purchaseOrderStatsResponseSchema,
  type PurchaseOrderView,
  purchaseOrderViewSchema,
} from '#server/contracts/purchase-orders';
import { CreatePurchaseOrderDto } from './dto/create-purchase-order.dto';
import { PurchaseOrderListFiltersDto } from './dto/purchase-order-list-filters.dto';
import { UpdatePurchaseOrderStatusDto } from './dto/update-purchase-order-status.dto';
import { PurchaseOrderCommandsService } from './purchase-order-commands.service';
import { WORKER_FILE_TIMEOUT_MS, WorkerFileClient } from '#server/modules/files/worker-file.client';
import { PurchaseOrderQueriesService } from './purchase-order-queries.service';
import { FILE_TYPES, Downloads, Replies } from '#server/common/openapi/replies';

const orderId = uuidParam(MESSAGES.notFound);

/** docs/purchase-orders.md#api "Purchase orders"; shapes in contracts/purchase-orders.ts. */
@Controller('purchase-orders')
export class PurchaseOrdersController {
  constructor(
    private readonly queries: PurchaseOrderQueriesService,
    private readonly commands: PurchaseOrderCommandsService,
    private readonly worker: WorkerFileClient,
  ) {}

  @Get()
  @Replies(purchaseOrderListResponseSchema)
  list(
    @CurrentUser() user: AuthUser,
    @Query() filters: PurchaseOrderListFiltersDto,
  ): Promise<PurchaseOrderListResponse> {
    return this.queries.list(user, filters);
  }

  @Get('stats')
  @Replies(purchaseOrderStatsResponseSchema)
  stats(@CurrentUser() user: AuthUser): Promise<PurchaseOrderStatsResponse> {
    return this.queries.stats(user);
  }

  @Get(':id')
  @Replies(purchaseOrderViewSchema)
  details(@CurrentUser() user: AuthUser, @Param('id', orderId) id: string): Promise<PurchaseOrderView> {
    return this.queries.details(user, id);
  }

  /** The printable order (header, items, values in BRL, justification, history), rendered by the worker. */
  @Get(':id/pdf')
  @Downloads(FILE_TYPES.pdf)
  async print(
    @CurrentUser() user: AuthUser,
    @Param('id', orderId) id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const order = await this.queries.details(user, id);
    const pdf = await this.worker.render(
      'purchase-order.render-pdf',
      { order },
      { timeoutMs: WORKER_FILE_TIMEOUT_MS, failure: MESSAGES.pdfFailed },
    );
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      length: pdf.length,
      disposition: contentDisposition(`pedido-${order.orderNumber}.pdf`, { type: 'inline' }),
    });
  }

  @Post()
  @Replies(purchaseOrderMutationResponseSchema, 201)
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreatePurchaseOrderDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<PurchaseOrderMutationResponse> {
    return { message: MESSAGES.created, order: await this.commands.create(user, body, meta) };
  }

  @Patch(':id/status')
  @Replies(purchaseOrderMutationResponseSchema)
  async changeStatus(
    @CurrentUser() user: AuthUser,
    @Param('id', orderId) id: string,
    @Body() body: UpdatePurchaseOrderStatusDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<PurchaseOrderMutationResponse> {
    const order = await this.commands.changeStatus(user, id, body.status, body.reviewComments ?? '', meta);
    return { message: MESSAGES.statusUpdated, order };
  }
}
