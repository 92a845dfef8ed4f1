import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { MaterialItemEntity } from '#server/database/entities/index';

/** The material catalogue of purchase orders (docs/purchase-orders.md). */
@Injectable()
export class MaterialItemsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every material, or only the active or inactive ones, by name ignoring case and accents. */
  list(active: boolean | undefined, tx: EntityManager = this.dataSource.manager): Promise<MaterialItemEntity[]> {
    const qb = tx
      .getRepository(MaterialItemEntity)
      .createQueryBuilder('m')
      .orderBy('semgi_search_normalize(m.name)', 'ASC');
    if (active !== undefined) qb.where('m.is_active = :active', { active });
    return qb.getMany();
  }

  /** A unique violation (same name) is left to the caller. */
  insert(
    fields: Omit<MaterialItemEntity, 'id' | 'createdAt'>,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<MaterialItemEntity> {
    return tx.getRepository(MaterialItemEntity).save(fields);
  }

  /** How many of `ids` (distinct) are active materials. */
  async countActive(ids: string[], tx: EntityManager = this.dataSource.manager): Promise<number> {
    const rows: { n: number }[] = await tx.query(
      `SELECT count(*)::int AS n FROM material_items WHERE id = ANY($1::uuid[]) AND is_active`,
      [ids],
    );
    return rows[0].n;
  }
}
