import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, IsNull } from 'typeorm';
import { RefreshSessionEntity } from '#server/database/entities/index';

type SessionFields = Pick<
  RefreshSessionEntity,
  'userId' | 'familyId' | 'tokenHash' | 'expiresAt' | 'userAgent' | 'ipAddress'
>;

/** The refresh_sessions table: one row per refresh token, grouped in families (docs/sessions.md#refresh). */
@Injectable()
export class RefreshSessionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findById(id: string, tx: EntityManager = this.dataSource.manager): Promise<RefreshSessionEntity | null> {
    return tx.getRepository(RefreshSessionEntity).findOneBy({ id });
  }

  /** The row, locked (FOR UPDATE) until `tx` ends: two rotations of one token serialise. */
  findAndLock(id: string, tx: EntityManager): Promise<RefreshSessionEntity | null> {
    return tx.getRepository(RefreshSessionEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  insert(fields: SessionFields, tx: EntityManager = this.dataSource.manager): Promise<RefreshSessionEntity> {
    return tx.getRepository(RefreshSessionEntity).save(fields);
  }

  async markRotated(id: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(RefreshSessionEntity).update({ id }, { rotatedAt: new Date() });
  }

  /** Revokes the sessions of a family not yet revoked. */
  async revokeFamily(familyId: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(RefreshSessionEntity).update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Revokes every session of a user not yet revoked, except those of `keepFamilyId`. */
  async revokeAllOfUser(
    userId: string,
    keepFamilyId: string | undefined,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const qb = tx
      .createQueryBuilder()
      .update(RefreshSessionEntity)
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (keepFamilyId) qb.andWhere('family_id <> :keepFamilyId', { keepFamilyId });
    await qb.execute();
  }
}
