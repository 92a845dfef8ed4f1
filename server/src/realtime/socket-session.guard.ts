import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { WsException } from '@nestjs/websockets';
import { AuthenticatorService } from '../modules/auth/authenticator.service';
import type { AppSocket } from './app-socket';

/**
 * Every socket request re-checks who asks, now: the session the handshake token opened must still
 * be good (the token not expired, the session not revoked, the account active). The socket keeps the
 * token's verified claims, not the token (docs/notifications.md#memory-per-socket). Otherwise the
 * socket is dropped and the request refused, so a socket never outlives its session.
 */
@Injectable()
export class SocketSessionGuard implements CanActivate {
  constructor(private readonly authenticator: AuthenticatorService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const socket = context.switchToWs().getClient<AppSocket>();
    if (await this.authenticator.isSessionLive(socket.data)) return true;
    socket.disconnect(true);
    throw new WsException('Sessão expirada ou inválida.');
  }
}
