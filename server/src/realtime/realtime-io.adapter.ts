import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { isAllowedOrigin, type OriginPolicy } from '../common/http/origins';
import { AppConfig } from '../config/config.module';
import { SocketBackend } from '../coordination/socket-backend';

/**
 * Socket.IO on the coordination backend's adapter (Redis or PostgreSQL): rooms are shared by every
 * server instance, and the worker's emitter reaches sockets wherever they are connected. Only pages
 * of the app's own origin (or ALLOWED_ORIGINS; outside production, the same host on any port) may
 * connect: a page of another site would otherwise ride the user's cookies.
 */
export class RealtimeIoAdapter extends IoAdapter {
  constructor(private readonly app: INestApplicationContext) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const config = this.app.get(AppConfig);
    const policy: OriginPolicy = {
      allowedOrigins: config.ALLOWED_ORIGINS,
      allowSameHostAnyPort: config.NODE_ENV !== 'production',
    };
    const ioOptions: Partial<ServerOptions> = {
      ...options,
      path: '/socket.io',
      serveClient: false,
      allowRequest: (req, callback) => callback(null, isAllowedOrigin(req.headers.origin, req, policy)),
      cors: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, { origin: origin !== undefined && isAllowedOrigin(origin, req, policy), credentials: true });
      },
    };
    const server = super.createIOServer(port, ioOptions) as Server;
    this.app.get(SocketBackend).attach(server);
    return server;
  }

  /**
   * Binds nothing: Nest would add a 'disconnect' listener per socket and gateway even where the
   * gateway has no `handleDisconnect` (0.4 KiB per socket with two gateways,
   * docs/notifications.md#memory-per-socket). No gateway implements OnGatewayDisconnect (a test
   * checks it); one that needs to hear a disconnect listens with `socket.once('disconnect')`.
   */
  override bindClientDisconnect(): void {}

  /**
   * One plain listener per handler and socket. Nest's own builds an RxJS pipeline per handler and
   * socket (subscribers, subjects and their closures), most of what a connected socket cost in heap
   * (docs/notifications.md#memory-per-socket). Same contract: a reply with `event` is emitted, any
   * other non-null reply goes to the acknowledgement unless the handler acknowledges itself.
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(String(message), (...args: unknown[]) => {
        const { data, ack } = this.mapPayload(args.length === 1 ? args[0] : args) as { data: unknown; ack?: unknown };
        transform(callback(data, ack)).subscribe((response) => {
          if (response === null || response === undefined) return;
          const reply = response as { event?: string; data?: unknown };
          if (reply.event) socket.emit(reply.event, reply.data);
          else if (!isAckHandledManually && typeof ack === 'function') (ack as (r: unknown) => void)(response);
        });
      });
    }
  }
}
