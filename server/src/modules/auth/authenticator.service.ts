import { Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { UsersRepository } from '#server/repositories/users.repository';
import { AccessTokenService } from './access-token.service';

/**
 * Turns an access token into the current user, read from the database on every call: a
 * deactivated account, a revoked session or a changed role takes effect on the next request.
 */
@Injectable()
export class AuthenticatorService {
  constructor(
    private readonly users: UsersRepository,
    private readonly accessTokens: AccessTokenService,
  ) {}

  async authenticate(token: string | undefined | null): Promise<AuthUser | null> {
    return (await this.authenticateSession(token))?.user ?? null;
  }

  /** The user and the moment the token stops being valid (sockets are dropped then). */
  async authenticateSession(token: string | undefined | null): Promise<{ user: AuthUser; expiresAt: Date } | null> {
    const claims = token ? this.accessTokens.verify(token) : null;
    if (!claims) return null;
    const user = await this.users.findActiveInLiveSession(claims.sub, claims.fam);
    if (!user) return null;
    const authUser: AuthUser = {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      department: user.department,
      role: user.role,
      level: user.level,
      mustChangePassword: user.mustChangePassword,
      sessionFamilyId: claims.fam,
    };
    return { user: authUser, expiresAt: new Date(claims.exp * 1000) };
  }

  /**
   * Whether a session already authenticated from its token (a socket's, which keeps the token's
   * claims instead of the token) is still good now: not expired, not revoked, the account active.
   */
  async isSessionLive(session: { userId: string; sessionFamilyId: string; expiresAt: number }): Promise<boolean> {
    if (Date.now() >= session.expiresAt) return false;
    return (await this.users.findActiveInLiveSession(session.userId, session.sessionFamilyId)) !== null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
