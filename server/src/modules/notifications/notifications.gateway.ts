import { UseGuards } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { NotificationSyncResponse } from '#server/contracts/notifications';
import type { AppSocket } from '#server/realtime/app-socket';
import { subscriptionActive } from '#server/realtime/resync-after-reconnect';
import { SocketSessionGuard } from '#server/realtime/socket-session.guard';
import { NotificationsService } from './notifications.service';

/**
 * Catch-up on (re)connect. The foundation gateway authenticates the handshake and joins the rooms;
 * this one answers `notifications:sync` for the socket's own user only (and after a Redis
 * reconnect, once the server's subscription is active again: see resync-after-reconnect.ts).
 */
@WebSocketGateway()
export class NotificationsGateway {
  constructor(private readonly notifications: NotificationsService) {}

  @UseGuards(SocketSessionGuard)
  @SubscribeMessage('notifications:sync')
  async sync(@ConnectedSocket() socket: AppSocket, @MessageBody() body: unknown): Promise<NotificationSyncResponse> {
    const afterSeq = (body as { afterSeq?: unknown } | null)?.afterSeq;
    const valid = typeof afterSeq === 'number' && Number.isSafeInteger(afterSeq) && afterSeq >= 0;
    // Right after a Redis reconnect, read only once pushes flow again (nothing falls in between).
    await subscriptionActive(socket.nsp.server);
    return this.notifications.sync(socket.data.userId, valid ? afterSeq : 0);
  }
}
