import { createSecretKey, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { AppConfig } from '#server/config/config.module';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenClaims {
  sub: string;
  /** Refresh-token family: revoking it ends the access token too. */
  fam: string;
}

/** Claims of a verified token, with its expiry (seconds since the epoch). */
export type VerifiedAccessToken = AccessTokenClaims & { exp: number };

/** Short-lived HS256 access tokens, sent as Bearer on HTTP and as `auth.token` on sockets. */
@Injectable()
export class AccessTokenService {
  /** A KeyObject: given a string, jsonwebtoken first tries (and fails) to parse a public key on every call. */
  private readonly secret: KeyObject;

  constructor(config: AppConfig) {
    this.secret = createSecretKey(Buffer.from(config.JWT_SECRET));
  }

  sign(claims: AccessTokenClaims): { token: string; expiresAt: Date } {
    const token = jwt.sign(claims, this.secret, { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS });
    const { exp } = jwt.decode(token) as { exp: number };
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** Returns the claims, or null for a bad, expired or foreign token. */
  verify(token: string): VerifiedAccessToken | null {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (
        typeof payload === 'string' ||
        typeof payload.sub !== 'string' ||
        typeof payload.fam !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      return { sub: payload.sub, fam: payload.fam, exp: payload.exp };
    } catch {
      return null;
    }
  }
}
