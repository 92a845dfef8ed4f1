/**
 * Reports and indicators (docs/reports.md#fields, docs/reports.md#api). Every figure counts only
 * what the caller may see: processes by the process visibility rule, documents by their access
 * rules (README, Decisions › Reports).
 *
 * - GET /reports/processes|documents|users|requesters|deadlines?startDate&endDate&department&userId&requesterId
 *     -> ProcessesReport | DocumentsReport | UsersReport | RequestersReport | DeadlinesReport
 *   Dates are calendar days (YYYY-MM-DD, server TIME_ZONE) of the creation date, both inclusive
 *   (for deadlines: the day met, or the due day of an overdue one); `department` is the process's
 *   current department, the document's department, the user's department (for deadlines: the
 *   department that had to act); `userId` is read by the users report only, `requesterId` by the
 *   requesters report.
 * - GET /reports/unique-requesters -> ReportRequesterOption[] (requesters of the visible processes)
 * - GET /reports/{type}/export/{pdf|xlsx}?filters&exportId -> the file (200), or 202 ReportExportQueued
 *   when the worker has not finished within the wait; then GET /reports/{type}/export/{format}/{exportId}
 *   (README, Decisions › Reports › Exports).
 */
import { z } from 'zod';
import { PROCESS_STATUSES } from './processes';
import { FIELDS } from './schema-fields';
import { CABINET_DEPARTMENT, type Level, ROLES, type Role } from './users';

const { text, dateTime, count } = FIELDS;

export const REPORT_TYPES = ['processes', 'documents', 'users', 'requesters', 'deadlines'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const isReportType = (value: string): value is ReportType => (REPORT_TYPES as readonly string[]).includes(value);

/** Rows in the "top"/"largest"/"recent" tables. */
export const REPORT_TOP_LIMIT = 10;
export const REPORT_RECENT_LIMIT = 10;
export const REPORT_DEPARTMENT_MAX_LENGTH = 100;

export const reportCountSchema = z.strictObject({ department: text, count }).meta({ id: 'ReportCount' });
export type ReportCount = z.infer<typeof reportCountSchema>;

export const processesReportSchema = z
  .strictObject({
    totalProcesses: count,
    /** Status 'concluído' (COMPLETED_PROCESS_STATUS). */
    completed: count,
    /** Status 'em andamento' (ACTIVE_PROCESS_STATUS), as the dashboard and the list count it. */
    inProgress: count,
    /** Mean days from creation to finalisation of the completed ones, one decimal; null when none. */
    averageCompletionTime: z.number().nullable(),
    byDepartment: z.array(reportCountSchema),
    /** YYYY-MM of the creation date, oldest first. */
    processesByMonth: z.array(z.strictObject({ month: text.meta({ description: 'AAAA-MM' }), count })),
  })
  .meta({ id: 'ProcessesReport' });
export type ProcessesReport = z.infer<typeof processesReportSchema>;

export const documentsReportSchema = z
  .strictObject({
    totalDocuments: count,
    /** Lower-case file extension without the dot; null when the file name has none ('Desconhecido'). */
    byType: z.array(z.strictObject({ type: text.nullable(), count })),
    /** Size in bytes; name null when the file has none ('Sem nome'). */
    largestFiles: z.array(z.strictObject({ name: text.nullable(), size: count })),
  })
  .meta({ id: 'DocumentsReport' });
export type DocumentsReport = z.infer<typeof documentsReportSchema>;

export const reportRecentProcessSchema = z
  .strictObject({
    id: text,
    subject: text,
    status: z.enum(PROCESS_STATUSES),
    /** Current department. */
    department: text,
    /** Creation time, ISO 8601. */
    date: dateTime,
  })
  .meta({ id: 'ReportRecentProcess' });
export type ReportRecentProcess = z.infer<typeof reportRecentProcessSchema>;

export const usersReportSchema = z
  .strictObject({
    totalUsers: count,
    activeUsers: count,
    /** Present when `userId` was given. */
    userDetail: z
      .strictObject({
        name: text,
        department: text,
        email: text,
        role: z.enum(ROLES),
        active: z.boolean(),
        metrics: z.strictObject({
          /** Visible processes the user created in the period. */
          createdProcesses: count,
          /** Visible processes with the user as internal requester in the period. */
          requestedProcesses: count,
          /** The confidential ones among the created. */
          confidentialProcesses: count,
          totalActivity: count,
        }),
        recentProcesses: z.array(reportRecentProcessSchema),
      })
      .optional(),
    /** Users per department. */
    byDepartment: z.array(reportCountSchema),
    mostActive: z.array(
      z.strictObject({
        name: text,
        department: text,
        createdProcesses: count,
        requestedProcesses: count,
        processCount: count,
      }),
    ),
  })
  .meta({ id: 'UsersReport' });
export type UsersReport = z.infer<typeof usersReportSchema>;

export const requestersReportSchema = z
  .strictObject({
    /** Distinct requesters (external and internal) of the visible processes in the period. */
    totalRequesters: count,
    /** Visible processes with a requester in the period. */
    totalRequests: count,
    /** Present when `requesterId` was given. */
    requesterDetail: z
      .strictObject({
        name: text.nullable(),
        department: text.nullable(),
        email: text.nullable(),
        isExternal: z.boolean(),
        requestCount: count,
        statusBreakdown: z.strictObject({ completed: count, inProgress: count }),
        averageCompletionDays: z.number().nullable(),
        topDepartments: z.array(reportCountSchema),
        recentProcesses: z.array(reportRecentProcessSchema),
      })
      .optional(),
    topRequesters: z.array(
      z.strictObject({
        name: text.nullable(),
        department: text.nullable(),
        isExternal: z.boolean(),
        requestCount: count,
      }),
    ),
    departmentDistribution: z.array(reportCountSchema),
  })
  .meta({ id: 'RequestersReport' });
export type RequestersReport = z.infer<typeof requestersReportSchema>;

/** The figures of 'Cumprimento de Prazos', for all deadlines counted and per department or month. */
const deadlineFiguresShape = {
  /** Deadlines counted: met in the period, and still open with their due day in the period and past. */
  total: count,
  metOnTime: count,
  metLate: count,
  /** Still open and due before today ('Vencidos'). */
  overdue: count,
  /** Share of `total` met on time, in percent with one decimal; null when none. */
  onTimeRate: z.number().nullable(),
  /**
   * Mean delay of the late ones (met late and overdue), in business days after the due day up to
   * the day met or today, one decimal; null when none is late.
   */
  averageDelay: z.number().nullable(),
};
export type DeadlineFigures = z.infer<z.ZodObject<typeof deadlineFiguresShape>>;

/**
 * 'Cumprimento de Prazos' (docs/deadlines.md#dashboard-card-and-report): the deadlines of the
 * processes the caller may see, met in the period or overdue, by the department that had to act
 * (a return deadline's destination; for a process deadline the process's current department) and
 * by month (of the day met, or of the due day of an overdue one).
 */
export const deadlinesReportSchema = z
  .strictObject({
    /** The day the figures are computed for (YYYY-MM-DD, TIME_ZONE): overdue means due before it. */
    today: z.iso.date(),
    ...deadlineFiguresShape,
    byDepartment: z.array(z.strictObject({ department: text, ...deadlineFiguresShape })),
    /** YYYY-MM, oldest first. */
    byMonth: z.array(z.strictObject({ month: text.meta({ description: 'AAAA-MM' }), ...deadlineFiguresShape })),
  })
  .meta({ id: 'DeadlinesReport' });
export type DeadlinesReport = z.infer<typeof deadlinesReportSchema>;

/** GET /reports/{type}: one of the five reports. */
export const reportSchema = z.union([
  processesReportSchema,
  documentsReportSchema,
  usersReportSchema,
  requestersReportSchema,
  deadlinesReportSchema,
]);

export interface ReportsByType {
  processes: ProcessesReport;
  documents: DocumentsReport;
  users: UsersReport;
  requesters: RequestersReport;
  deadlines: DeadlinesReport;
}

/**
 * The calendar the deadlines report was computed with: its day and the days without business from
 * the year of the earliest due day counted to today's (the export's detail counts the same delays).
 */
export interface DeadlineReportCalendar {
  today: string;
  closedDays: string[];
}

/** An entry of the requester picker. */
export const reportRequesterOptionSchema = z.strictObject({
  id: text,
  name: text,
  department: text.nullable(),
  isExternal: z.boolean(),
});
export type ReportRequesterOption = z.infer<typeof reportRequesterOptionSchema>;

/** GET /reports/unique-requesters. */
export const reportRequesterOptionsSchema = z.array(reportRequesterOptionSchema);

/**
 * Who may pick another user in the users report (README Decisions › Reports): admins, Gabinete
 * and Chefia. Everyone else may only pick themself (the screen shows only them).
 */
export const mayPickReportUsers = (user: { role: Role; department: string; level: Level }): boolean =>
  user.role === 'admin' || user.department === CABINET_DEPARTMENT || user.level === 'Chefia';

export const REPORT_MESSAGES = {
  invalidType: 'Tipo de relatório inválido',
  dateInvalid: 'Data inválida no filtro: use o formato AAAA-MM-DD.',
  dateRange: 'A data final não pode ser anterior à data inicial.',
  departmentInvalid: 'Departamento inválido no filtro.',
  userIdInvalid: 'Usuário inválido no filtro.',
  requesterIdInvalid: 'Solicitante inválido no filtro.',
  userForbidden: 'Você não tem permissão para consultar relatórios de outros usuários.',
  userNotFound: 'Usuário não encontrado.',
  requesterNotFound: 'Solicitante não encontrado.',
  // Screen texts (docs/reports.md#screen).
  empty: 'Selecione os filtros e clique em "Gerar Relatório" para visualizar os dados.',
  generateFailed: 'Ocorreu um erro ao gerar o relatório. Por favor, tente novamente.',
  usersLoadFailed: 'Falha ao carregar lista de usuários. Por favor, tente novamente.',
  usersLimited: 'Lista limitada de usuários disponível devido a permissões.',
  requestersLoadFailed: 'Falha ao carregar lista de solicitantes. Por favor, tente novamente.',
  departmentsLoadFailed: 'Não foi possível carregar a lista de departamentos.',
} as const;

/** GET /reports/{type}/export/{format} (same filters): the file, rendered by the worker. */
export const REPORT_EXPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
export const isReportExportFormat = (value: string): value is ReportExportFormat =>
  (REPORT_EXPORT_FORMATS as readonly string[]).includes(value);

/** A report payload with its type (what the worker renders). */
export type ReportPayload = { [T in ReportType]: { type: T; report: ReportsByType[T] } }[ReportType];

/**
 * Who asked for an export: the inputs of the visibility rules (processes and documents), so the
 * worker reads the detail rows with exactly the caller's visibility.
 */
export interface ReportViewer {
  id: string;
  role: Role;
  department: string;
  level: Level;
}

/**
 * Job 'report.export': the report as the caller saw it (the server computes the summary), rendered
 * to a file by the worker, which streams the detail rows itself with `viewer`'s visibility.
 */
export type ReportExportJob = ReportPayload & {
  format: ReportExportFormat;
  filters: ReportFilters;
  /** Name of the user who asked. */
  generatedBy: string;
  /** The user who asked: their visibility, their sockets, their file. */
  viewer: ReportViewer;
  /** Id of this export (a UUID): the file's name, echoed in `export:progress|ready|failed`. */
  exportId: string;
  /** ISO 8601. */
  generatedAt: string;
  /** The deadlines report's calendar (that type only). */
  calendar?: DeadlineReportCalendar;
};

/** Rows of the detail table printed in a PDF (the whole detail goes to the Excel file). */
export const REPORT_PDF_DETAIL_CAP = 500;

/** Reply 202 of GET /reports/{type}/export/{format} when the file is not ready within the wait. */
export const reportExportQueuedSchema = z.strictObject({ exportId: FIELDS.uuid, message: z.string().min(1) });
export type ReportExportQueued = z.infer<typeof reportExportQueuedSchema>;

/** Where a finished export is downloaded (GET, `?token=` accepted), by the user who asked only, for 24 h. */
export const reportExportDownloadPath = (type: ReportType, format: ReportExportFormat, exportId: string) =>
  `/reports/${type}/export/${format}/${exportId}`;

/** Link of the 'export ready' notification: the reports screen downloads the file with the session's token. */
export const reportExportLink = (type: ReportType, format: ReportExportFormat, exportId: string) =>
  `/semgi/reports?download=${exportId}&type=${type}&format=${format}`;

/** 'relatorio-processes-2026-11-22.pdf' (docs/reports.md#api; the date is the local calendar day). */
export const reportExportFileName = (type: ReportType, day: string, format: ReportExportFormat) =>
  `relatorio-${type}-${day}.${format}`;

export const REPORT_EXPORT_MESSAGES = {
  exportIdInvalid: 'Identificador de exportação inválido.',
  invalidFormat: 'Formato de exportação inválido',
  /** The 202: the export goes on in the background. */
  queued: 'O arquivo será enviado por notificação quando estiver pronto.',
  notFound: 'Arquivo de exportação não encontrado ou expirado.',
  /** docs/reports.md#messages Export (alert). */
  failed: (format: ReportExportFormat) =>
    `Não foi possível exportar o relatório como ${format === 'pdf' ? 'PDF' : 'Excel'}. Tente novamente.`,
} as const;

/** A query filter: absent or blank is no filter, a text is trimmed; any other value (a list) answers the schema's message. */
const queryFilter = <S extends z.ZodType<string>>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value), schema.optional());

const reportFiltersShape = {
  /** Calendar days (YYYY-MM-DD, server TIME_ZONE) of the creation date, both inclusive. */
  startDate: queryFilter(z.iso.date(REPORT_MESSAGES.dateInvalid)),
  endDate: queryFilter(z.iso.date(REPORT_MESSAGES.dateInvalid)),
  department: queryFilter(
    z.string(REPORT_MESSAGES.departmentInvalid).max(REPORT_DEPARTMENT_MAX_LENGTH, REPORT_MESSAGES.departmentInvalid),
  ),
  userId: queryFilter(z.guid(REPORT_MESSAGES.userIdInvalid)),
  requesterId: queryFilter(z.guid(REPORT_MESSAGES.requesterIdInvalid)),
};
const dateRange = (filters: { startDate?: string; endDate?: string }) =>
  !filters.startDate || !filters.endDate || filters.endDate >= filters.startDate;

/** GET /reports/* query: empty values are no filter; a wrong value is a 400, never ignored. */
export const reportFiltersSchema = z.object(reportFiltersShape).refine(dateRange, { error: REPORT_MESSAGES.dateRange });
export type ReportFilters = z.output<typeof reportFiltersSchema>;

/**
 * GET /reports/{type}/export/{format} query: the filters, then the screen's optional id of the export
 * (a UUID), checked after them.
 */
export const reportExportQuerySchema = z
  .object({ ...reportFiltersShape, exportId: queryFilter(z.string(REPORT_EXPORT_MESSAGES.exportIdInvalid)) })
  .refine(dateRange, { error: REPORT_MESSAGES.dateRange })
  .refine(({ exportId }) => exportId === undefined || FIELDS.uuid.safeParse(exportId).success, {
    error: REPORT_EXPORT_MESSAGES.exportIdInvalid,
  });
