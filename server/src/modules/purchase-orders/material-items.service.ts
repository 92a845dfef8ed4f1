import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { PURCHASE_ORDER_MESSAGES as MESSAGES, type MaterialItemView } from '#server/contracts/purchase-orders';
import { MaterialItemEntity } from '#server/database/entities/index';
import { isPgError, PG_UNIQUE_VIOLATION } from '#server/database/pg-errors';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** `isActive` 'true' or 'false' filters; absent lists all. Sorted by name, ignoring case and accents. */
  async list(isActive: unknown): Promise<MaterialItemView[]> {
    const qb = this.dataSource
      .getRepository(MaterialItemEntity)
      .createQueryBuilder('m')
      .orderBy('semgi_search_normalize(m.name)', 'ASC');
    if (isActive !== undefined && isActive !== '') {
      if (isActive !== 'true' && isActive !== 'false') {
        throw new BadRequestException('O filtro isActive deve ser true ou false.');
      }
      qb.where('m.is_active = :active', { active: isActive === 'true' });
    }
    return (await qb.getMany()).map(toView);
  }

  async create(user: AuthUser, input: CreateMaterialItemDto, meta: RequestMeta): Promise<MaterialItemView> {
    if (!isPurchaseReviewer(user)) throw new ForbiddenException(MESSAGES.materialReviewerOnly);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const material = await manager.getRepository(MaterialItemEntity).save({
          name: input.name.replace(/\s+/g, ' '),
          description: input.description ?? '',
          unit: input.unit,
          category: input.category,
          isActive: input.isActive ?? true,
          createdBy: user.id,
        });
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
