import { Controller, Delete, Get, Param, Patch, Query } from '@nestjs/common';
import { REPLY, Replies } from '#server/common/openapi/reply-schemas';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import { ListNotificationsDto } from './dto/list-notifications.dto';
import { NotificationsService } from './notifications.service';

const uuid = uuidParam('Notificação não encontrada.');

/** docs/notifications.md#api Notifications: always the caller's own. */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @Replies(REPLY.notificationList)
  list(@CurrentUser() caller: AuthUser, @Query() query: ListNotificationsDto) {
    return this.notifications.list(caller, query.page, query.limit, query.read);
  }

  @Patch('read-all')
  @Replies(REPLY.notificationBulk)
  markAllRead(@CurrentUser() caller: AuthUser) {
    return this.notifications.markAllRead(caller.id);
  }

  @Patch(':id/read')
  @Replies(REPLY.notificationRead)
  markRead(@CurrentUser() caller: AuthUser, @Param('id', uuid) id: string) {
    return this.notifications.markRead(caller, id);
  }

  // Declared before ':id' so that '/read' is not taken for an id.
  @Delete('read')
  @Replies(REPLY.notificationBulk)
  removeRead(@CurrentUser() caller: AuthUser) {
    return this.notifications.removeRead(caller.id);
  }

  @Delete(':id')
  @Replies(REPLY.notificationBulk)
  remove(@CurrentUser() caller: AuthUser, @Param('id', uuid) id: string) {
    return this.notifications.remove(caller.id, id);
  }
}
