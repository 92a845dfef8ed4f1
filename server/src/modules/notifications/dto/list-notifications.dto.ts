import { createZodDto } from 'nestjs-zod';
import { listNotificationsQuerySchema } from '#server/contracts/notifications';

export class ListNotificationsDto extends createZodDto(listNotificationsQuerySchema) {}
