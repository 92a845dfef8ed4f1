import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { PURCHASE_ORDER_MESSAGES as MESSAGES, type MaterialItemView } from '#server/contracts/purchase-orders';
import type { MaterialItemEntity } from '#server/database/entities/index';
import { isPgError, PG_UNIQUE_VIOLATION } from '#server/database/pg-errors';
import { Transactions } from '#server/database/transactions';
import { MaterialItemsRepository } from '#server/repositories/material-items.repository';
import { isPurchaseReviewer } from '#server/domain/purchase-orders/purchase-order-visibility';
import { AuditService } from '#server/modules/audit/audit.service';
import type { CreateMaterialItemDto } from './dto/create-material-item.dto';

const toView = (m: MaterialItemEntity): MaterialItemView => ({
  _id: m.id,
  id: m.id,
  name: m.name,
  description: m.description,
  unit: m.unit,
  category: m.category,
  isActive: m.isActive,
});

/** The material catalogue: everyone reads it; reviewers add to it (README). */
@Injectable()
export class MaterialItemsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly materials: MaterialItemsRepository,
    private readonly audit: AuditService,
  ) {}

  /** `isActive` 'true' or 'false' filters; absent lists all. Sorted by name, ignoring case and accents. */
  async list(isActive: unknown): Promise<MaterialItemView[]> {
    let active: boolean | undefined;
    if (isActive !== undefined && isActive !== '') {
      if (isActive !== 'true' && isActive !== 'false') {
        throw new BadRequestException('O filtro isActive deve ser true ou false.');
      }
      active = isActive === 'true';
    }
    return (await this.materials.list(active)).map(toView);
  }

  async create(user: AuthUser, input: CreateMaterialItemDto, meta: RequestMeta): Promise<MaterialItemView> {
    if (!isPurchaseReviewer(user)) throw new ForbiddenException(MESSAGES.materialReviewerOnly);
    try {
      return await this.transactions.run(async (manager) => {
        const material = await this.materials.insert(
          {
            name: input.name.replace(/\s+/g, ' '),
            description: input.description ?? '',
            unit: input.unit,
            category: input.category,
            isActive: input.isActive ?? true,
            createdBy: user.id,
          },
          manager,
        );
        await this.audit.record(
          {
            action: 'create',
            entityType: 'material-item',
            entityId: material.id,
            description: `Material "${material.name}" cadastrado`,
            actor: user,
            meta,
            details: { unit: material.unit, category: material.category },
          },
          manager,
        );
        return toView(material);
      });
    } catch (error) {
      if (isPgError(error, PG_UNIQUE_VIOLATION)) throw new ConflictException(MESSAGES.materialDuplicate);
      throw error;
    }
  }
}
