import { Controller, Delete, Get, Param, Patch, Query } from '@nestjs/common';
import { Replies } from '#server/common/openapi/replies';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import {
  notificationBulkResponseSchema,
  notificationListResponseSchema,
  notificationReadResponseSchema,
} from '#server/contracts/notifications';
import { ListNotificationsDto } from './dto/list-notifications.dto';
import { NotificationsService } from './notifications.service';

const uuid = uuidParam('Notificação não encontrada.');

/** docs/notifications.md#api Notifications: always the caller's own. */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @Replies(notificationListResponseSchema)
  list(@CurrentUser() caller: AuthUser, @Query() query: ListNotificationsDto) {
    return this.notifications.list(caller, query.page, query.limit, query.read);
  }

  @Patch('read-all')
  @Replies(notificationBulkResponseSchema)
  markAllRead(@CurrentUser() caller: AuthUser) {
    return this.notifications.markAllRead(caller.id);
  }

  @Patch(':id/read')
  @Replies(notificationReadResponseSchema)
  markRead(@CurrentUser() caller: AuthUser, @Param('id', uuid) id: string) {
    return this.notifications.markRead(caller, id);
  }

  // Declared before ':id' so that '/read' is not taken for an id.
  @Delete('read')
  @Replies(notificationBulkResponseSchema)
  removeRead(@CurrentUser() caller: AuthUser) {
    return this.notifications.removeRead(caller.id);
  }

  @Delete(':id')
  @Replies(notificationBulkResponseSchema)
  remove(@CurrentUser() caller: AuthUser, @Param('id', uuid) id: string) {
    return this.notifications.remove(caller.id, id);
  }
}
