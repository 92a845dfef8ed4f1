import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { WsException } from '@nestjs/websockets';
import { AuthenticatorService } from '../modules/auth/authenticator.service';
import type { AppSocket } from './app-socket';

/**
 * Every socket request re-checks who asks, now: the handshake token must still be valid (not
 * expired, its session not revoked, the account active and the same user). Otherwise the socket is
 * dropped and the request refused, so a socket never outlives its session.
 */
@Injectable()
export class SocketSessionGuard implements CanActivate {
  constructor(private readonly authenticator: AuthenticatorService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const socket = context.switchToWs().getClient<AppSocket>();
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const user = await this.authenticator.authenticate(typeof token === 'string' ? token : null);
    if (user && user.id === socket.data.userId && user.sessionFamilyId === socket.data.sessionFamilyId) return true;
    socket.disconnect(true);
    throw new WsException('Sessão expirada ou inválida.');
  }
}
