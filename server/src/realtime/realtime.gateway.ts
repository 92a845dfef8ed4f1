import { Logger, type OnModuleDestroy, UseGuards } from '@nestjs/common';
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
 * request re-checks it (SocketSessionGuard). The socket keeps the token's verified claims, not the
 * token, and one sweep per server drops the expired ones instead of a timer per socket
 * (docs/notifications.md#memory-per-socket). Which page origins may connect: RealtimeIoAdapter.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<AppServer>, OnGatewayConnection<AppSocket>, OnModuleDestroy {
  private readonly logger = new Logger(RealtimeGateway.name);
  private expirySweep?: NodeJS.Timeout;

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
            sessionFamilyId: user.sessionFamilyId,
            expiresAt: expiresAt.getTime(),
          };
          // Kept from here on: the token's claims above and the handshake, not the token nor the
          // HTTP request it came with (docs/notifications.md#memory-per-socket).
          delete (socket.handshake.auth as { token?: unknown }).token;
          (socket.conn as { request: unknown }).request = null;
          next();
        })
        .catch((error: unknown) => {
          this.logger.error(error);
          next(new Error('Falha ao autenticar a conexão.'));
        });
    });
    this.expirySweep = setInterval(() => dropExpired(server), EXPIRY_SWEEP_MS);
    this.expirySweep.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.expirySweep);
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

/** How often the sockets of this server whose access token expired are dropped. */
const EXPIRY_SWEEP_MS = 1_000;

/** Disconnects this server's sockets whose access token has expired; the clients reconnect with a fresh token. */
function dropExpired(server: AppServer): void {
  const now = Date.now();
  for (const socket of server.of('/').sockets.values()) {
    if (socket.data.expiresAt <= now) socket.disconnect(true);
  }
}
