import { ApiOkResponse, type SchemaObject } from '@nestjs/swagger';
import { NOTIFICATION_TYPES } from '#server/contracts/notifications';
import { PROCESS_STATUSES } from '#server/contracts/processes';
import { DOCUMENT_FORMATS, PAGE_SIZES, TEMPLATE_CATEGORIES, TEMPLATE_TYPES } from '#server/contracts/templates';

/**
 * Reply schemas of the most used reads, written from the contracts (server/src/contracts): the
 * OpenAPI document declares them and the fuzz test checks every 2xx reply against them.
 */
const text = { type: 'string' } as const;
const nullableText = { type: 'string', nullable: true } as const;
const count = { type: 'integer', minimum: 0 } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

const object = (properties: Record<string, SchemaObject>): SchemaObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

const notification = object({
  _id: text,
  id: text,
  seq: count,
  type: { type: 'string', enum: [...NOTIFICATION_TYPES] },
  title: text,
  message: text,
  link: text,
  read: { type: 'boolean' },
  createdAt: dateTime,
});

const centimetres = { type: 'number', minimum: 0 } as const;
const template = object({
  _id: text,
  id: text,
  title: text,
  content: text,
  type: { type: 'string', enum: [...TEMPLATE_TYPES] },
  category: { type: 'string', enum: [...TEMPLATE_CATEGORIES] },
  isPublic: { type: 'boolean' },
  documentFormat: { type: 'string', enum: [...DOCUMENT_FORMATS] },
  baseDocument: nullableText,
  organization: object({
    logo: nullableText,
    name: text,
    address: text,
    phone: text,
    email: text,
    website: text,
    colors: object({ primary: text, secondary: text, accent: text }),
    fonts: object({ title: text, body: text }),
  }),
  formatting: object({
    pageSize: { type: 'string', enum: [...PAGE_SIZES] },
    margins: object({ top: centimetres, bottom: centimetres, left: centimetres, right: centimetres }),
    headerHeight: centimetres,
    footerHeight: centimetres,
  }),
  createdBy: { ...object({ id: text, name: text }), nullable: true },
  department: text,
  canEdit: { type: 'boolean' },
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const REPLY_SCHEMAS = {
  health: object({ status: { type: 'string', enum: ['ok', 'degraded'] }, database: text, redis: text, time: dateTime }),
  notificationList: object({
    notifications: { type: 'array', items: notification },
    unreadCount: count,
    total: count,
    page: { type: 'integer', minimum: 1 },
    totalPages: count,
  }),
  notificationBulk: object({ affected: count, unreadCount: count }),
  departments: {
    type: 'array',
    items: object({ _id: text, id: text, name: text, description: nullableText }),
  } satisfies SchemaObject,
  processList: object({
    data: object({
      processes: {
        type: 'array',
        items: object({
          id: text,
          subject: text,
          status: { type: 'string', enum: [...PROCESS_STATUSES] },
          currentDepartment: text,
          confidential: { type: 'boolean' },
          daysSinceUpdate: count,
          createdAt: dateTime,
        }),
      },
      total: count,
      page: { type: 'integer', minimum: 1 },
      limit: { type: 'integer', minimum: 1 },
      totalPages: count,
    }),
  }),
  template,
  templates: { type: 'array', items: template } satisfies SchemaObject,
  message: object({ message: text }),
  upload: object({ url: text, filename: text, name: text }),
  logos: object({ logos: { type: 'array', items: object({ url: text, name: text, filename: text }) } }),
} satisfies Record<string, SchemaObject>;

/** Declares the 200 reply of a route with one of REPLY_SCHEMAS. */
export const Replies = (schema: keyof typeof REPLY_SCHEMAS) => ApiOkResponse({ schema: REPLY_SCHEMAS[schema] });
