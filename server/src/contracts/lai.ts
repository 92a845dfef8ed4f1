import { z } from 'zod';
import {
  DEADLINE_FILTER_LABELS,
  type DeadlineFilter,
  type DeadlineInput,
  deadlineFilterSchema,
  processDeadlineSchema,
} from './deadlines';
import { PROCESS_STATUSES, processPagingSchema } from './processes';
import { CABINET_DEPARTMENT, type Role } from './users';

/**
 * The legal clock of an access-to-information request (docs/processes.md#access-to-information-requests):
 * LAI art. 11, parágrafo 1º's 20 days, counted as calendar days ('dias corridos') by docs/deadlines.md#counting
 * (a last day without business moves to the next business day), and parágrafo 2º's one extension of at most
 * 10 days, with a justification the requester is told about.
 */
export const LAI_LEGAL_DEADLINE = {
  days: 20,
  unit: 'calendar',
  maxExtensions: 1,
  maxExtensionDays: 10,
} as const satisfies DeadlineInput;

/** GET /lai/requests: `state` filters on the shown deadline as GET /processes?deadline= does. */
export const laiRequestsQuerySchema = processPagingSchema.extend({ state: deadlineFilterSchema });
/** The query string of GET /lai/requests as a client writes it. */
export interface LaiRequestsQuery {
  state?: DeadlineFilter;
  page?: number;
  limit?: number;
}

/** The e-SIC/LAI page's filter labels ('Todos' is no filter). */
export const LAI_STATE_FILTER_LABELS: Record<DeadlineFilter, string> = {
  ...DEADLINE_FILTER_LABELS,
  'due-soon': 'Vencem em breve',
};

export const laiRequestSchema = z
  .strictObject({
    /** The process number. */
    id: z.string(),
    /** The requester's name (external requester or system user); null when none is recorded. */
    requester: z.string().nullable(),
    subject: z.string(),
    /** When the request was received (the process's creation), ISO 8601. */
    receivedAt: z.iso.datetime(),
    status: z.enum(PROCESS_STATUSES),
    confidential: z.boolean(),
    currentDepartment: z.string(),
    deadline: processDeadlineSchema.nullable(),
  })
  .meta({ id: 'LaiRequest' });
export type LaiRequest = z.infer<typeof laiRequestSchema>;

export const laiRequestsResponseSchema = z.strictObject({
  data: z.strictObject({
    requests: z.array(laiRequestSchema),
    total: z.int().min(0),
    page: z.int().min(1),
    limit: z.int().min(1),
    totalPages: z.int().min(0),
  }),
});
export type LaiRequestsResponse = z.infer<typeof laiRequestsResponseSchema>;

/** Who handles access-to-information requests: admins and the Gabinete (the menu's 'Integração' audience). */
export const mayHandleLaiRequests = (user: { role: Role; department: string }): boolean =>
  user.role === 'admin' || user.department === CABINET_DEPARTMENT;

export const LAI_MESSAGES = {
  forbidden: 'Apenas administradores e usuários do Gabinete consultam os pedidos de acesso à informação.',
} as const;
