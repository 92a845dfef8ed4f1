import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RequestMeta } from '#server/common/http/request';
import { Transactions, type Tx } from '#server/database/transactions';
import { RefreshSessionsRepository } from '#server/repositories/refresh-sessions.repository';

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
  constructor(
    private readonly transactions: Transactions,
    private readonly sessions: RefreshSessionsRepository,
  ) {}

  async start(userId: string, meta: RequestMeta, tx?: Tx) {
    return this.issue(userId, randomUUID(), meta, tx);
  }

  async rotate(presented: string, meta: RequestMeta): Promise<RotationResult> {
    const [id, secret] = presented.split('.');
    if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return { ok: false, reason: 'unknown' };
    return this.transactions.run(async (tx) => {
      const session = await this.sessions.findAndLock(id, tx);
      if (!session || !safeEqualHex(session.tokenHash, sha256(secret))) return { ok: false, reason: 'unknown' };
      if (session.revokedAt) return { ok: false, reason: 'revoked', userId: session.userId };
      if (session.rotatedAt) {
        await this.revokeFamily(session.familyId, tx);
        return { ok: false, reason: 'reused', userId: session.userId, familyId: session.familyId };
      }
      if (session.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired', userId: session.userId };
      await this.sessions.markRotated(id, tx);
      const next = await this.issue(session.userId, session.familyId, meta, tx);
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
    const session = await this.sessions.findById(id);
    if (!session) return null;
    await this.revokeFamily(session.familyId);
    return session.familyId;
  }

  async revokeFamily(familyId: string, tx?: Tx): Promise<void> {
    await this.sessions.revokeFamily(familyId, tx);
  }

  /** Ends every session of a user, optionally keeping one family (the caller's own). */
  async revokeAllForUser(userId: string, tx?: Tx, keepFamilyId?: string) {
    await this.sessions.revokeAllOfUser(userId, keepFamilyId, tx);
  }

  private async issue(userId: string, familyId: string, meta: RequestMeta, tx?: Tx) {
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_MS);
    const row = await this.sessions.insert(
      {
        userId,
        familyId,
        tokenHash: sha256(secret),
        expiresAt,
        userAgent: meta.userAgent,
        ipAddress: meta.ipAddress,
      },
      tx,
    );
    return { familyId, token: `${row.id}.${secret}`, expiresAt };
  }
}

function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
