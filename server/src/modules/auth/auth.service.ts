import { BadRequestException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import {
  AUTH_MESSAGES,
  type LoginResponse,
  MIN_PASSWORD_LENGTH,
  PASSWORD_HAS_CONTENT,
  type RefreshResponse,
} from '#server/contracts/auth';
import type { UserView } from '#server/contracts/users';
import { Transactions } from '#server/database/transactions';
import { RealtimeService } from '#server/realtime/realtime.service';
import { AuditService } from '../audit/audit.service';
import { toUserView } from '#server/domain/users/user-view';
import { AccessTokenService } from './access-token.service';
import { LoginThrottleService } from './login-throttle.service';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { RefreshSessionsService } from './refresh-sessions.service';
import { UsersRepository } from '#server/repositories/users.repository';

export const INVALID_CREDENTIALS = 'Usuário ou senha inválidos.';
export const SESSION_EXPIRED = 'Sessão expirada. Faça login novamente.';
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta.';

export interface SessionTokens {
  response: LoginResponse;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Why the sockets of an ended login session are dropped. */
const SESSION_ENDED = 'Sua sessão foi encerrada.';

@Injectable()
export class AuthService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly accessTokens: AccessTokenService,
    private readonly realtime: RealtimeService,
    private readonly refreshSessions: RefreshSessionsService,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AuditService,
  ) {}

  async login(usernameInput: string, password: string, meta: RequestMeta): Promise<SessionTokens> {
    const username = usernameInput.trim().toLowerCase();
    await this.throttle.consumeAttempt(username, meta.ipAddress);
    const user = await this.users.findWithPasswordHash({ username });
    // Verify against a dummy hash for unknown users so both cases take the same time.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !passwordOk || user.status !== 'active') {
      await this.audit.record({
        action: 'login',
        entityType: 'user',
        entityId: user?.id ?? null,
        description: 'Falha de login',
        status: 'error',
        username,
        meta,
        details: { reason: !user ? 'unknown-user' : !passwordOk ? 'wrong-password' : 'inactive-user' },
      });
      // Same answer for unknown user, wrong password and inactive account.
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await this.throttle.recordSuccess(username, meta.ipAddress);
    return this.transactions.run(async (tx) => {
      const refresh = await this.refreshSessions.start(user.id, meta, tx);
      await this.audit.record(
        {
          action: 'login',
          entityType: 'user',
          entityId: user.id,
          description: 'Login realizado',
          actor: user,
          meta,
        },
        tx,
      );
      const access = this.accessTokens.sign({ sub: user.id, fam: refresh.familyId });
      return {
        response: {
          token: access.token,
          expiresAt: access.expiresAt.toISOString(),
          user: toUserView(user),
          requirePasswordChange: user.mustChangePassword,
        },
        refreshToken: refresh.token,
        refreshExpiresAt: refresh.expiresAt,
      };
    });
  }

  async me(userId: string): Promise<UserView> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException(SESSION_EXPIRED);
    return toUserView(user);
  }

  async refresh(
    presented: string | undefined,
    meta: RequestMeta,
  ): Promise<{ response: RefreshResponse; refreshToken: string; refreshExpiresAt: Date }> {
    if (!presented) throw new UnauthorizedException(SESSION_EXPIRED);
    const result = await this.refreshSessions.rotate(presented, meta);
    if (!result.ok) {
      if (result.reason === 'reused') {
        await this.realtime.disconnectSession(result.familyId, SESSION_ENDED);
        await this.audit.record({
          action: 'other',
          entityType: 'user',
          entityId: result.userId ?? null,
          description: 'Reutilização de token de atualização: sessões da família revogadas',
          status: 'warning',
          meta,
        });
      }
      throw new UnauthorizedException(SESSION_EXPIRED);
    }
    const user = await this.users.findById(result.userId);
    if (!user || user.status !== 'active') {
      await this.refreshSessions.revokeFamily(result.familyId);
      throw new UnauthorizedException(SESSION_EXPIRED);
    }
    const access = this.accessTokens.sign({ sub: user.id, fam: result.familyId });
    return {
      response: { token: access.token, expiresAt: access.expiresAt.toISOString() },
      refreshToken: result.token,
      refreshExpiresAt: result.expiresAt,
    };
  }

  async logout(user: AuthUser | null, presentedRefresh: string | undefined, meta: RequestMeta): Promise<void> {
    await this.transactions.run(async (tx) => {
      if (user) await this.refreshSessions.revokeFamily(user.sessionFamilyId, tx);
      if (user) {
        await this.audit.record(
          { action: 'logout', entityType: 'user', entityId: user.id, description: 'Logout', actor: user, meta },
          tx,
        );
      }
    });
    const cookieFamily = await this.refreshSessions.revokeByToken(presentedRefresh);
    // Sockets of the session end with it: no notification reaches a browser that logged out.
    for (const family of new Set([user?.sessionFamilyId, cookieFamily])) {
      if (family) await this.realtime.disconnectSession(family, SESSION_ENDED);
    }
  }

  /**
   * Replaces the password. The temporary-password flow ends every session (the user logs in
   * again); the profile flow keeps the caller's own session and ends all the others.
   */
  async changePassword(
    user: AuthUser,
    currentPassword: string,
    newPassword: string,
    meta: RequestMeta,
    options: { keepCurrentSession: boolean } = { keepCurrentSession: false },
  ) {
    await this.assertPassword(user, currentPassword, meta);
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      throw new BadRequestException(AUTH_MESSAGES.newPasswordTooShort);
    }
    if (!PASSWORD_HAS_CONTENT.test(newPassword)) throw new BadRequestException(AUTH_MESSAGES.newPasswordBlank);
    if (newPassword === currentPassword) {
      throw new BadRequestException('A nova senha deve ser diferente da senha atual.');
    }
    const passwordHash = await hashPassword(newPassword);
    await this.transactions.run(async (tx) => {
      await this.users.setPassword(user.id, passwordHash, tx);
      await this.refreshSessions.revokeAllForUser(
        user.id,
        tx,
        options.keepCurrentSession ? user.sessionFamilyId : undefined,
      );
      await this.audit.record(
        {
          action: 'update',
          entityType: 'user',
          entityId: user.id,
          description: 'Senha alterada pelo próprio usuário',
          actor: user,
          meta,
        },
        tx,
      );
    });
    await this.realtime.disconnectUser(
      user.id,
      'Sua senha foi alterada.',
      options.keepCurrentSession ? user.sessionFamilyId : undefined,
    );
  }

  /**
   * Confirms a sensitive change of one's own account (password, e-mail) with the current password,
   * under the login's throttle: the same budget of guesses, counted before the check.
   */
  async assertPassword(user: Pick<AuthUser, 'username'>, password: string, meta: RequestMeta): Promise<void> {
    await this.throttle.consumeAttempt(user.username, meta.ipAddress, 'password');
    const record = await this.users.findWithPasswordHash({ username: user.username });
    if (!record || !(await verifyPassword(record.passwordHash, password))) {
      throw new BadRequestException(WRONG_CURRENT_PASSWORD);
    }
    await this.throttle.recordSuccess(user.username, meta.ipAddress);
  }
}
