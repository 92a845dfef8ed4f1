import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { NotificationSyncResponse } from '../../contracts/notifications';
import type { AppSocket } from '../../realtime/realtime.gateway';
import { NotificationsService } from './notifications.service';

/**
 * Catch-up on (re)connect. The foundation gateway authenticates the handshake and joins the rooms;
 * this one answers `notifications:sync` for the socket's own user only.
 */
@WebSocketGateway()
export class NotificationsGateway {
  constructor(private readonly notifications: NotificationsService) {}

  @SubscribeMessage('notifications:sync')
  sync(@ConnectedSocket() socket: AppSocket, @MessageBody() body: unknown): Promise<NotificationSyncResponse> {
    const afterSeq = (body as { afterSeq?: unknown } | null)?.afterSeq;
    const valid = typeof afterSeq === 'number' && Number.isSafeInteger(afterSeq) && afterSeq >= 0;
    return this.notifications.sync(socket.data.userId, valid ? afterSeq : 0);
  }
}
