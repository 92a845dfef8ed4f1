/** Notifications (docs/notifications.md#fields; docs/notifications.md#page) and their live delivery. */
import { z } from 'zod';
import { FIELDS } from './schema-fields';

const { queryNumber, queryBoolean, typed, uuid, text, dateTime, count } = FIELDS;

export const NOTIFICATION_TYPES = ['document', 'process', 'system', 'task', 'alert'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** GET /notifications defaults (docs/notifications.md#api) and the largest page the server serves. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 10;
export const NOTIFICATIONS_MAX_LIMIT = 100;
/** Highest page accepted: beyond any real list, far below an OFFSET the database refuses. */
export const NOTIFICATIONS_MAX_PAGE = 100_000;

const pageInvalid = 'A página deve ser um número inteiro.';
const pageTooFar = 'Parâmetros de paginação inválidos.';
const limitRange = `O limite deve estar entre 1 e ${NOTIFICATIONS_MAX_LIMIT}.`;

/** Query of GET /notifications: each value's first failing rule answers, checked from the maximum down. */
export const listNotificationsQuerySchema = z.strictObject({
  page: queryNumber(
    z
      .number(typed(pageTooFar))
      .max(NOTIFICATIONS_MAX_PAGE, pageTooFar)
      .min(1, 'A página deve ser maior ou igual a 1.')
      .int(pageInvalid),
  ).default(1),
  limit: queryNumber(
    z
      .number(typed(limitRange))
      .max(NOTIFICATIONS_MAX_LIMIT, limitRange)
      .min(1, limitRange)
      .int('O limite deve ser um número inteiro.'),
  ).default(NOTIFICATIONS_DEFAULT_LIMIT),
  /** Lidas / Não lidas tabs; absent = all. */
  read: queryBoolean('O filtro "read" deve ser true ou false.'),
});
export type ListNotificationsQuery = z.output<typeof listNotificationsQuerySchema>;

export const notificationViewSchema = z
  .strictObject({
    _id: uuid,
    id: uuid,
    /**
     * Strictly increasing per database, in commit order: a client that has seen `seq` N asks for
     * everything after N when it (re)connects.
     */
    seq: count,
    type: z.enum(NOTIFICATION_TYPES),
    title: text,
    message: text,
    /** Client route to open (`/semgi/...`), or '#' when there is nothing to open. */
    link: text,
    read: z.boolean(),
    createdAt: dateTime,
  })
  .meta({ id: 'NotificationView' });
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationListResponseSchema = z.strictObject({
  notifications: z.array(notificationViewSchema),
  unreadCount: count,
  total: count,
  page: z.int().min(1),
  totalPages: count,
  /** True when more than `total` match: the count stopped at LIST_COUNT_CAP (docs/processes.md#list-counts). */
  totalIsLowerBound: z.boolean(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationReadResponseSchema = z.strictObject({
  notification: notificationViewSchema,
  unreadCount: count,
});
export type NotificationReadResponse = z.infer<typeof notificationReadResponseSchema>;

/** Answer of PATCH /read-all, DELETE /{id} and DELETE /read. */
export const notificationBulkResponseSchema = z.strictObject({ affected: count, unreadCount: count });
export type NotificationBulkResponse = z.infer<typeof notificationBulkResponseSchema>;

/** Socket catch-up: everything after `afterSeq`, oldest first, at most a page at a time. */
export interface NotificationSyncRequest {
  afterSeq: number;
}

export interface NotificationSyncResponse {
  notifications: NotificationView[];
  unreadCount: number;
  /** More missed notifications wait: ask again after the last `seq` received. */
  hasMore: boolean;
}

export const NOTIFICATIONS_SYNC_BATCH = 200;
