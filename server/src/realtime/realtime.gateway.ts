import { Logger, UseGuards } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { rooms } from '../contracts/socket-events';
import { AuthenticatorService } from '../modules/auth/authenticator.service';
import type { AppServer, AppSocket } from './app-socket';
import { SocketSessionGuard } from './socket-session.guard';

/**
 * Socket.IO entry point. The handshake must carry a valid access token (`auth.token`); the socket
 * then joins only the rooms its user may hear: `user:<id>` and `dept:<department>`, plus
 * `session:<family>` so that logout or a revoked session drops it. The socket is bound to that
 * token: it is dropped when the token expires (the client reconnects with a fresh one), and every
 * request re-checks it (SocketSessionGuard). Which page origins may connect: RealtimeIoAdapter.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<AppServer>, OnGatewayConnection<AppSocket> {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server: AppServer;

  constructor(private readonly authenticator: AuthenticatorService) {}

  afterInit(server: AppServer): void {
    server.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      this.authenticator
        .authenticateSession(typeof token === 'string' ? token : null)
        .then((session) => {
          if (!session) return next(new Error('Sessão expirada ou inválida.'));
          const { user, expiresAt } = session;
          if (user.mustChangePassword) return next(new Error('É necessário alterar a senha temporária.'));
          socket.data = {
            userId: user.id,
            department: user.department,
            role: user.role,
            sessionFamilyId: user.sessionFamilyId,
          };
          dropAtExpiry(socket, expiresAt);
          next();
        })
        .catch((error: unknown) => {
          this.logger.error(error);
          next(new Error('Falha ao autenticar a conexão.'));
        });
    });
  }

  async handleConnection(socket: AppSocket): Promise<void> {
    await socket.join([
      rooms.user(socket.data.userId),
      rooms.department(socket.data.department),
      rooms.session(socket.data.sessionFamilyId),
      rooms.signedIn,
    ]);
  }

  @UseGuards(SocketSessionGuard)
  @SubscribeMessage('ping')
  ping(): { pong: true; at: string } {
    return { pong: true, at: new Date().toISOString() };
  }
}

/** Disconnects `socket` when its access token expires; the client reconnects with a fresh token. */
function dropAtExpiry(socket: AppSocket, expiresAt: Date): void {
  const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt.getTime() - Date.now()));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}
