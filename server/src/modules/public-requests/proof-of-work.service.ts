import { createHash } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { type Challenge, createChallenge, type Payload, sha, verifySolution } from 'altcha/lib';
import type { RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { AppConfig } from '#server/config/config.module';
import { PUBLIC_REQUEST_MESSAGES as M } from '#server/contracts/public-requests';
import { RateLimits } from '#server/coordination/rate-limits';

/** A challenge must be solved and used within this many seconds. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;
/**
 * SHA-256 iterations per attempt; about 256 attempts are needed (key prefix of one byte):
 * around a second of a phone's CPU (docs/processes.md#online-filing).
 */
export const CHALLENGE_COST = 200;
const ALGORITHM = 'SHA-256';

/**
 * The self-hosted ALTCHA proof of work (docs/processes.md#online-filing): challenges signed with an
 * HMAC key derived from JWT_SECRET, verified server-side, each accepted once (its signature is
 * spent in the coordination backend until it expires).
 */
@Injectable()
export class ProofOfWorkService {
  private readonly secret: string;
  private readonly spent: RateLimiterStoreAbstract;

  constructor(config: AppConfig, limits: RateLimits) {
    this.secret = createHash('sha256').update(`altcha:${config.JWT_SECRET}`).digest('hex');
    this.spent = limits.limiter({ name: 'altcha-spent', points: 1, duration: CHALLENGE_TTL_SECONDS });
  }

  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: CHALLENGE_COST,
      deriveKey: sha.deriveKey,
      hmacSignatureSecret: this.secret,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    });
  }

  /** 400 unless `encoded` (the widget's base64 payload) solves an unexpired challenge of ours, never used before. */
  async spend(encoded: string): Promise<void> {
    const payload = decode(encoded);
    const verified =
      payload !== null &&
      payload.challenge.parameters.algorithm === ALGORITHM &&
      (
        await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey: sha.deriveKey,
          hmacSignatureSecret: this.secret,
        })
      ).verified;
    if (!verified || !payload.challenge.signature) throw new BadRequestException(M.challengeRefused);
    const fresh = await this.spent.consume(payload.challenge.signature).then(
      () => true,
      () => false,
    );
    if (!fresh) throw new BadRequestException(M.challengeRefused);
  }
}

function decode(encoded: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { challenge, solution } = value as Partial<Payload>;
    if (typeof challenge?.parameters !== 'object' || typeof solution?.counter !== 'number') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}
