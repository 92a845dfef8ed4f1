import { Injectable, NotFoundException } from '@nestjs/common';
import {
  NOTIFICATIONS_SYNC_BATCH,
  type NotificationBulkResponse,
  type NotificationListResponse,
  type NotificationReadResponse,
  type NotificationSyncResponse,
} from '#server/contracts/notifications';
import { rooms } from '#server/contracts/socket-events';
import type { AuthUser } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import { toNotificationView } from '#server/domain/notifications/notification-view';
import { RealtimeService } from '#server/realtime/realtime.service';
import { NotificationsRepository } from '#server/repositories/notifications.repository';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import { redactHiddenProcesses } from './hidden-process-redaction';

const NOT_FOUND = 'Notificação não encontrada.';

/**
 * The caller's own notifications. Every query is scoped by user id, so another user's id is
 * indistinguishable from a missing one (404). After a change every tab of the user gets the count.
 * Facts of a process the reader may no longer see are redacted at read time (hidden-process-redaction).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly processes: ProcessesRepository,
    private readonly users: UsersRepository,
    private readonly realtime: RealtimeService,
    private readonly config: AppConfig,
  ) {}

  async list(
    reader: Pick<AuthUser, 'id' | 'role'>,
    page: number,
    limit: number,
    read?: boolean,
  ): Promise<NotificationListResponse> {
    const userId = reader.id;
    const [rows, count, unreadCount] = await Promise.all([
      this.notifications.page(userId, { read, skip: (page - 1) * limit, take: limit }),
      this.notifications.countOf(userId, read, this.config.LIST_COUNT_CAP),
      this.notifications.unreadCount(userId),
    ]);
    return {
      notifications: await redactHiddenProcesses(this.processes, reader, rows.map(toNotificationView)),
      unreadCount,
      total: count.total,
      page,
      totalPages: Math.max(1, Math.ceil(count.total / limit)),
      totalIsLowerBound: count.lowerBound,
    };
  }

  async markRead(reader: Pick<AuthUser, 'id' | 'role'>, id: string): Promise<NotificationReadResponse> {
    const row = await this.notifications.markRead(reader.id, id);
    if (!row) throw new NotFoundException(NOT_FOUND);
    const [notification] = await redactHiddenProcesses(this.processes, reader, [toNotificationView(row)]);
    return { notification, unreadCount: await this.publishState(reader.id) };
  }

  async markAllRead(userId: string): Promise<NotificationBulkResponse> {
    const affected = await this.notifications.markAllRead(userId);
    return { affected, unreadCount: await this.publishState(userId) };
  }

  async remove(userId: string, id: string): Promise<NotificationBulkResponse> {
    const affected = await this.notifications.delete(userId, id);
    if (!affected) throw new NotFoundException(NOT_FOUND);
    return { affected, unreadCount: await this.publishState(userId) };
  }

  async removeRead(userId: string): Promise<NotificationBulkResponse> {
    const affected = await this.notifications.deleteRead(userId);
    return { affected, unreadCount: await this.publishState(userId) };
  }

  /**
   * Socket catch-up: what was stored after `afterSeq`, oldest first. Users who turned system
   * notifications off are not pushed to, so they only get the count.
   */
  async sync(userId: string, afterSeq: number): Promise<NotificationSyncResponse> {
    const count = await this.notifications.unreadCount(userId);
    const user = await this.users.findReader(userId);
    if (!user || user.preferences.notifications.system === false) {
      return { notifications: [], unreadCount: count, hasMore: false };
    }
    const rows = await this.notifications.after(userId, afterSeq, NOTIFICATIONS_SYNC_BATCH + 1);
    const hasMore = rows.length > NOTIFICATIONS_SYNC_BATCH;
    return {
      notifications: await redactHiddenProcesses(
        this.processes,
        user,
        rows.slice(0, NOTIFICATIONS_SYNC_BATCH).map(toNotificationView),
      ),
      unreadCount: count,
      hasMore,
    };
  }

  private async publishState(userId: string): Promise<number> {
    const count = await this.notifications.unreadCount(userId);
    this.realtime.emitToRooms([rooms.user(userId)], 'notification:state', { unreadCount: count });
    return count;
  }
}
