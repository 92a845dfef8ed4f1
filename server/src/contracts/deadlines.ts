/**
 * Process deadlines (docs/deadlines.md): the process's own deadline, return deadlines asked on a
 * forward ('Retorno programado'), suspension ('Sobrestar') and extension ('Prorrogar'). One schema
 * per shape (README, "Uma forma, um lugar").
 *
 * Routes (under /api, Bearer token; every error body is ApiError with a pt-BR message):
 * - POST /processes                     `deadline`: DeadlineInput (optional)
 * - POST /processes/:id/forward         `returnDeadline`: DeadlineInput (optional)
 * - POST /processes/:id/deadline        DeadlineInput: sets (or replaces) the process deadline
 * - POST /processes/:id/suspend         {reason}: pauses every open deadline of the process
 * - POST /processes/:id/resume          (no body) resumes them, recomputing the days that were left
 * - POST /processes/:id/extend          {days, justification}: extends the deadline `deadline` shows
 * - GET  /processes?deadline=overdue|due-soon|on-time|none
 * Every process reply carries `deadline` (ProcessDeadline | null); the details also `deadlines`.
 */
import { z } from 'zod';
import { DEADLINE_MAX_DAYS, DEADLINE_UNITS } from './calendar';
import { isIsoDay } from './dates';
import { FIELDS } from './schema-fields';

const { uuid, text, dateTime, count, typed, optional, firstQueryText } = FIELDS;

/** 'process': the process's own clock; 'return': a department asked another to return it by a day. */
export const DEADLINE_KINDS = ['process', 'return'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];
export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  process: 'Prazo do processo',
  return: 'Retorno programado',
};

/** How a deadline is stored: running, paused, or over (met, on time or late). */
export const DEADLINE_STATUSES = ['open', 'suspended', 'met'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];

/** How a deadline reads today (docs/deadlines.md#states). */
export const DEADLINE_STATES = ['on-time', 'due-soon', 'overdue', 'met', 'suspended'] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number];
export const DEADLINE_STATE_LABELS: Record<DeadlineState, string> = {
  'on-time': 'No prazo',
  'due-soon': 'Vence em breve',
  overdue: 'Vencido',
  met: 'Cumprido',
  suspended: 'Sobrestado',
};

/** A deadline 'due-soon' ends within this many business days ('Vencem em até 3 dias'). */
export const DEADLINE_DUE_SOON_BUSINESS_DAYS = 3;

/** The list filter of GET /processes?deadline=… */
export const DEADLINE_FILTERS = ['overdue', 'due-soon', 'on-time', 'none'] as const;
export type DeadlineFilter = (typeof DEADLINE_FILTERS)[number];
export const DEADLINE_FILTER_LABELS: Record<DeadlineFilter, string> = {
  overdue: 'Vencidos',
  'due-soon': `Vencem em até ${DEADLINE_DUE_SOON_BUSINESS_DAYS} dias`,
  'on-time': 'No prazo',
  none: 'Sem prazo',
};

export const DEADLINE_REASON_MAX_LENGTH = 1000;
/** Most extensions a deadline may take, and most days in all, when the deadline names none. */
export const DEADLINE_EXTENSIONS_MAX_LIMIT = 20;

export const DEADLINE_MESSAGES = {
  inputInvalid: 'Prazo inválido: informe {days, unit} ou {date}.',
  daysOrDate: 'Informe o prazo em dias (days) ou uma data (date), não os dois.',
  daysInvalid: `O prazo deve ser um número inteiro de 1 a ${DEADLINE_MAX_DAYS} dias.`,
  unitInvalid: 'Unidade inválida: use business (dias úteis) ou calendar (dias corridos).',
  dateInvalid: 'Informe a data do prazo no formato AAAA-MM-DD.',
  dateInPast: 'A data do prazo não pode estar no passado.',
  dateTooFar: `A data do prazo não pode passar de ${DEADLINE_MAX_DAYS} dias a partir de hoje.`,
  maxExtensionsInvalid: `O número máximo de prorrogações deve ser um inteiro de 0 a ${DEADLINE_EXTENSIONS_MAX_LIMIT}.`,
  maxExtensionDaysInvalid: `O máximo de dias de prorrogação deve ser um inteiro de 0 a ${DEADLINE_MAX_DAYS}.`,
  reasonRequired: 'Informe o motivo do sobrestamento.',
  reasonTooLong: `O motivo deve ter no máximo ${DEADLINE_REASON_MAX_LENGTH} caracteres.`,
  justificationRequired: 'Informe a justificativa da prorrogação.',
  justificationTooLong: `A justificativa deve ter no máximo ${DEADLINE_REASON_MAX_LENGTH} caracteres.`,
  extensionDaysInvalid: `A prorrogação deve ser um número inteiro de 1 a ${DEADLINE_MAX_DAYS} dias.`,
  filterInvalid: 'Filtro de prazo inválido: use overdue, due-soon, on-time ou none.',
  noOpenDeadline: 'O processo não tem prazo em curso.',
  noSuspendedDeadline: 'O processo não tem prazo sobrestado.',
  suspendedCannotExtend: 'O prazo está sobrestado: retome-o antes de prorrogá-lo.',
  processClosed: 'O processo está encerrado: seus prazos não podem ser alterados.',
  extensionsExhausted: (max: number) =>
    max === 0
      ? 'Este prazo não admite prorrogação.'
      : `Este prazo já foi prorrogado o número máximo de vezes (${max}).`,
  extensionTooLong: (left: number) =>
    `A prorrogação passa do máximo permitido: restam ${left} ${left === 1 ? 'dia' : 'dias'} de prorrogação.`,
  set: 'Prazo definido com sucesso!',
  suspended: 'Prazo sobrestado com sucesso!',
  resumed: 'Prazo retomado com sucesso!',
  extended: 'Prazo prorrogado com sucesso!',
} as const;

const M = DEADLINE_MESSAGES;

const wholeNumber = (min: number, max: number, message: string) =>
  z.int(typed(message)).min(min, message).max(max, message);

/**
 * A deadline as a client asks for it: `{days, unit}` counted from today (unit defaults to
 * DEADLINE_UNIT), or `{date}` (a day from today on; a day without business moves to the next
 * business day). The extension limits default to DEADLINE_MAX_EXTENSIONS / _DAYS.
 */
export const deadlineRequestSchema = z
  .strictObject(
    {
      days: optional(wholeNumber(1, DEADLINE_MAX_DAYS, M.daysInvalid)),
      date: optional(z.string(typed(M.dateInvalid)).trim().refine(isIsoDay, M.dateInvalid)),
      unit: optional(z.enum(DEADLINE_UNITS, M.unitInvalid)),
      maxExtensions: optional(wholeNumber(0, DEADLINE_EXTENSIONS_MAX_LIMIT, M.maxExtensionsInvalid)),
      maxExtensionDays: optional(wholeNumber(0, DEADLINE_MAX_DAYS, M.maxExtensionDaysInvalid)),
    },
    typed(M.inputInvalid),
  )
  .refine((input) => (input.days === undefined) !== (input.date === undefined), M.daysOrDate);
/**
 * The same, named DeadlineInput where it is a field (creation's `deadline`, a forward's
 * `returnDeadline`); the body of POST /processes/:id/deadline is deadlineRequestSchema itself, since
 * OpenAPI cannot name a DTO's root schema and a field schema alike.
 */
export const deadlineInputSchema = deadlineRequestSchema.meta({ id: 'DeadlineInput' });
export type DeadlineInput = z.output<typeof deadlineInputSchema>;
export type DeadlineRequest = z.input<typeof deadlineInputSchema>;

/** A suspension's reason or an extension's justification: required, trimmed, at most DEADLINE_REASON_MAX_LENGTH. */
const reasonText = (required: string, tooLong: string) =>
  z.string(typed(required)).trim().min(1, required).max(DEADLINE_REASON_MAX_LENGTH, tooLong);

/** POST /processes/:id/suspend. */
export const suspendDeadlineSchema = z.strictObject({
  reason: reasonText(M.reasonRequired, M.reasonTooLong),
});
export type SuspendDeadlineRequest = z.input<typeof suspendDeadlineSchema>;

/** POST /processes/:id/extend: `days` in the deadline's own unit, counted from its current due day. */
export const extendDeadlineSchema = z.strictObject({
  days: wholeNumber(1, DEADLINE_MAX_DAYS, M.extensionDaysInvalid),
  justification: reasonText(M.justificationRequired, M.justificationTooLong),
});
export type ExtendDeadlineRequest = z.input<typeof extendDeadlineSchema>;

/** The `deadline` query value of GET /processes. */
export const deadlineFilterSchema = z
  .preprocess(firstQueryText, z.enum(DEADLINE_FILTERS, M.filterInvalid).optional())
  .transform((filter) => filter ?? null);

/**
 * The deadline a process reply shows (docs/deadlines.md#which-deadline): the open one that ends
 * first, else a suspended one, else the last one met; null when the process never had one.
 */
export const processDeadlineSchema = z
  .strictObject({
    due: z.iso.date(),
    unit: z.enum(DEADLINE_UNITS),
    state: z.enum(DEADLINE_STATES),
    kind: z.enum(DEADLINE_KINDS),
    /**
     * Business days from today to the due day (0: due today; negative: business days overdue);
     * null when met or suspended.
     */
    businessDaysLeft: z.int().nullable(),
  })
  .meta({ id: 'ProcessDeadline' });
export type ProcessDeadline = z.infer<typeof processDeadlineSchema>;

const deadlineUserSchema = z.strictObject({ _id: uuid, name: text, department: text });

/** One deadline of the process, as its details page lists them. */
export const processDeadlineDetailSchema = z
  .strictObject({
    ...processDeadlineSchema.shape,
    id: uuid,
    /** The days asked for, in `unit`; null when set as a date. */
    days: z.int().nullable(),
    /** The day counting started from (excluded). */
    startDate: z.iso.date(),
    /** A return deadline: the department that asked and the one that must return it. */
    fromDepartment: text.nullable(),
    toDepartment: text.nullable(),
    setBy: deadlineUserSchema.nullable(),
    setAt: dateTime,
    suspendedAt: dateTime.nullable(),
    suspendReason: text.nullable(),
    extensions: count,
    extendedDays: count,
    maxExtensions: count,
    maxExtensionDays: count,
    metAt: dateTime.nullable(),
    /** Met after its due day ended; null while not met. */
    metLate: z.boolean().nullable(),
  })
  .meta({ id: 'ProcessDeadlineDetail' });
export type ProcessDeadlineDetail = z.infer<typeof processDeadlineDetailSchema>;

/** History actions of deadlines (docs/deadlines.md#process-deadlines). */
export const DEADLINE_HISTORY_ACTIONS = {
  set: 'Prazo definido',
  returnRequested: 'Retorno programado',
  returnMet: 'Retorno programado cumprido',
  suspended: 'Prazo sobrestado',
  resumed: 'Prazo retomado',
  extended: 'Prazo prorrogado',
  met: 'Prazo cumprido',
} as const;

/** What a `process.deadline-changed` event tells (docs/deadlines.md#suspension-and-extension). */
export const DEADLINE_CHANGES = ['set', 'suspended', 'resumed', 'extended'] as const;
export type DeadlineChange = (typeof DEADLINE_CHANGES)[number];
