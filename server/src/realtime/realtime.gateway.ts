import { Logger } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import {
  rooms,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '../contracts/socket-events';
import { AuthenticatorService } from '../modules/auth/authenticator.service';

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * Socket.IO entry point. The handshake must carry a valid access token (`auth.token`); the socket
 * then joins only the rooms its user may hear: `user:<id>` and `dept:<department>`.
 */
@WebSocketGateway({ cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayInit<AppServer>, OnGatewayConnection<AppSocket> {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server: AppServer;

  constructor(private readonly authenticator: AuthenticatorService) {}

  afterInit(server: AppServer): void {
    server.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      this.authenticator
        .authenticate(typeof token === 'string' ? token : null)
        .then((user) => {
          if (!user) return next(new Error('Sessão expirada ou inválida.'));
          if (user.mustChangePassword) return next(new Error('É necessário alterar a senha temporária.'));
          socket.data = { userId: user.id, department: user.department, role: user.role };
          next();
        })
        .catch((error: unknown) => {
          this.logger.error(error);
          next(new Error('Falha ao autenticar a conexão.'));
        });
    });
  }

  async handleConnection(socket: AppSocket): Promise<void> {
    await socket.join([rooms.user(socket.data.userId), rooms.department(socket.data.department)]);
  }

  @SubscribeMessage('ping')
  ping(): { pong: true; at: string } {
    return { pong: true, at: new Date().toISOString() };
  }
}
