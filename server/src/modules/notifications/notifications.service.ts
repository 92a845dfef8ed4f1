import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  NOTIFICATIONS_SYNC_BATCH,
  type NotificationBulkResponse,
  type NotificationListResponse,
  type NotificationReadResponse,
  type NotificationSyncResponse,
} from '#server/contracts/notifications';
import { rooms } from '#server/contracts/socket-events';
import type { AuthUser } from '#server/common/auth-user';
import { NotificationEntity, UserEntity } from '#server/database/entities/index';
import { RealtimeService } from '#server/realtime/realtime.service';
import {
  NOTIFICATION_ROW_COLUMNS,
  type NotificationRow,
  toNotificationView,
} from '#server/domain/notifications/notification-view';
import { unreadCount } from '#server/domain/notifications/unread-counts';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  async list(
    reader: Pick<AuthUser, 'id' | 'role'>,
    page: number,
    limit: number,
    read?: boolean,
  ): Promise<NotificationListResponse> {
    const userId = reader.id;
    const [rows, total] = await this.dataSource.getRepository(NotificationEntity).findAndCount({
      where: read === undefined ? { userId } : { userId, read },
      order: { seq: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return {
      notifications: await redactHiddenProcesses(this.dataSource.manager, reader, rows.map(toNotificationView)),
      unreadCount: await unreadCount(this.dataSource.manager, userId),
      total,
      page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
    };
  }

  async markRead(reader: Pick<AuthUser, 'id' | 'role'>, id: string): Promise<NotificationReadResponse> {
    const [rows]: [NotificationRow[], number] = await this.dataSource.query(
      `UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2 RETURNING ${NOTIFICATION_ROW_COLUMNS}`,
      [id, reader.id],
    );
    if (rows.length === 0) throw new NotFoundException(NOT_FOUND);
    const [notification] = await redactHiddenProcesses(this.dataSource.manager, reader, [toNotificationView(rows[0])]);
    return { notification, unreadCount: await this.publishState(reader.id) };
  }

  async markAllRead(userId: string): Promise<NotificationBulkResponse> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications SET read = true WHERE user_id = $1 AND NOT read`,
      [userId],
    );
    return { affected, unreadCount: await this.publishState(userId) };
  }

  async remove(userId: string, id: string): Promise<NotificationBulkResponse> {
    const result = await this.dataSource.getRepository(NotificationEntity).delete({ id, userId });
    if (!result.affected) throw new NotFoundException(NOT_FOUND);
    return { affected: result.affected, unreadCount: await this.publishState(userId) };
  }

  async removeRead(userId: string): Promise<NotificationBulkResponse> {
    const result = await this.dataSource.getRepository(NotificationEntity).delete({ userId, read: true });
    return { affected: result.affected ?? 0, unreadCount: await this.publishState(userId) };
  }

  /**
   * Socket catch-up: what was stored after `afterSeq`, oldest first. Users who turned system
   * notifications off are not pushed to, so they only get the count.
   */
  async sync(userId: string, afterSeq: number): Promise<NotificationSyncResponse> {
    const count = await unreadCount(this.dataSource.manager, userId);
    const user = await this.dataSource.getRepository(UserEntity).findOne({
      where: { id: userId },
      select: { id: true, role: true, preferences: true },
    });
    if (!user || user.preferences.notifications.system === false) {
      return { notifications: [], unreadCount: count, hasMore: false };
    }
    const rows: NotificationRow[] = await this.dataSource.query(
      `SELECT ${NOTIFICATION_ROW_COLUMNS} FROM notifications
        WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [userId, afterSeq, NOTIFICATIONS_SYNC_BATCH + 1],
    );
    const hasMore = rows.length > NOTIFICATIONS_SYNC_BATCH;
    return {
      notifications: await redactHiddenProcesses(
        this.dataSource.manager,
        user,
        rows.slice(0, NOTIFICATIONS_SYNC_BATCH).map(toNotificationView),
      ),
      unreadCount: count,
      hasMore,
    };
  }

  private async publishState(userId: string): Promise<number> {
    const count = await unreadCount(this.dataSource.manager, userId);
    this.realtime.emitToRooms([rooms.user(userId)], 'notification:state', { unreadCount: count });
    return count;
  }
}
