import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { RefreshSessionEntity } from '#server/database/entities/index';
import type { RequestMeta } from '#server/common/http/request';

/** A refresh token lives 12 hours from its last use: a new work day starts with a login. */
export const REFRESH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

export type RotationResult =
  | { ok: true; userId: string; familyId: string; token: string; expiresAt: Date }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked'; userId?: string }
  | { ok: false; reason: 'reused'; userId: string; familyId: string };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Rotating refresh tokens `<sessionId>.<secret>`; only the secret's SHA-256 is stored. Presenting
 * a token that was already rotated means it was copied: the whole family is revoked.
 */
@Injectable()
export class RefreshSessionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async start(userId: string, meta: RequestMeta, manager?: EntityManager) {
    return this.issue(manager ?? this.dataSource.manager, userId, randomUUID(), meta);
  }

  async rotate(presented: string, meta: RequestMeta): Promise<RotationResult> {
    const [id, secret] = presented.split('.');
    if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return { ok: false, reason: 'unknown' };
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(RefreshSessionEntity);
      const session = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!session || !safeEqualHex(session.tokenHash, sha256(secret))) return { ok: false, reason: 'unknown' };
      if (session.revokedAt) return { ok: false, reason: 'revoked', userId: session.userId };
      if (session.rotatedAt) {
        await this.revokeFamily(session.familyId, manager);
        return { ok: false, reason: 'reused', userId: session.userId, familyId: session.familyId };
      }
      if (session.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired', userId: session.userId };
      await repo.update({ id }, { rotatedAt: new Date() });
      const next = await this.issue(manager, session.userId, session.familyId, meta);
      return { ok: true, userId: session.userId, ...next };
    });
  }

  /**
   * Logout: the family of the presented token stops working (refresh and access tokens). Returns
   * that family, if the token named one.
   */
  async revokeByToken(presented: string | undefined): Promise<string | null> {
    const id = presented?.split('.')[0];
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
    const session = await this.dataSource.getRepository(RefreshSessionEntity).findOneBy({ id });
    if (!session) return null;
    await this.revokeFamily(session.familyId);
    return session.familyId;
  }

  async revokeFamily(familyId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager
      .getRepository(RefreshSessionEntity)
      .update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Ends every session of a user, optionally keeping one family (the caller's own). */
  async revokeAllForUser(userId: string, manager: EntityManager = this.dataSource.manager, keepFamilyId?: string) {
    const qb = manager
      .createQueryBuilder()
      .update(RefreshSessionEntity)
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (keepFamilyId) qb.andWhere('family_id <> :keepFamilyId', { keepFamilyId });
    await qb.execute();
  }

  private async issue(manager: EntityManager, userId: string, familyId: string, meta: RequestMeta) {
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_MS);
    const row = await manager.getRepository(RefreshSessionEntity).save({
      userId,
      familyId,
      tokenHash: sha256(secret),
      expiresAt,
      userAgent: meta.userAgent,
      ipAddress: meta.ipAddress,
    });
    return { familyId, token: `${row.id}.${secret}`, expiresAt };
  }
}

function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
