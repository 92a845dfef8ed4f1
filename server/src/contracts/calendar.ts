/**
 * The municipal calendar and deadline counting (docs/deadlines.md): one schema per shape (README,
 * "Uma forma, um lugar").
 */
import { z } from 'zod';
import { isIsoDay } from './dates';
import { FIELDS } from './schema-fields';

/** Kinds of a day without business (docs/deadlines.md#calendar). */
export const CALENDAR_DAY_KINDS = ['national', 'state', 'municipal', 'optional'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];
/** The kinds an administrator adds (and may delete); the others are computed. */
export const STORED_CALENDAR_DAY_KINDS = ['municipal', 'optional'] as const;
export type StoredCalendarDayKind = (typeof STORED_CALENDAR_DAY_KINDS)[number];

export const CALENDAR_DAY_KIND_LABELS: Record<CalendarDayKind, string> = {
  national: 'Feriado nacional',
  state: 'Feriado estadual',
  municipal: 'Feriado municipal',
  optional: 'Ponto facultativo',
};

/** The federative units of Brazil (HOLIDAYS_STATE takes one of them). */
export const BRAZILIAN_STATES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const; // prettier-ignore
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

/** Units a deadline is counted in (docs/deadlines.md#counting). */
export const DEADLINE_UNITS = ['business', 'calendar'] as const;
export type DeadlineUnit = (typeof DEADLINE_UNITS)[number];
export const DEADLINE_UNIT_LABELS: Record<DeadlineUnit, string> = { business: 'dias úteis', calendar: 'dias corridos' };

/** Years the calendar answers for (docs/deadlines.md#limits). */
export const CALENDAR_MIN_YEAR = 1900;
export const CALENDAR_MAX_YEAR = 2199;
/** Longest deadline, in its unit (docs/deadlines.md#limits). */
export const DEADLINE_MAX_DAYS = 730;
export const CALENDAR_DAY_NAME_MAX_LENGTH = 120;

export const CALENDAR_MESSAGES = {
  yearInvalid: `Informe um ano entre ${CALENDAR_MIN_YEAR} e ${CALENDAR_MAX_YEAR}.`,
  dateRequired: 'Informe a data do feriado ou ponto facultativo.',
  dateInvalid: 'Informe uma data válida no formato AAAA-MM-DD.',
  dateOutOfRange: `A data deve estar entre os anos ${CALENDAR_MIN_YEAR} e ${CALENDAR_MAX_YEAR}.`,
  nameRequired: 'Informe o nome do feriado ou ponto facultativo.',
  nameTooLong: `O nome deve ter no máximo ${CALENDAR_DAY_NAME_MAX_LENGTH} caracteres.`,
  kindInvalid: 'Tipo inválido: use municipal (feriado municipal) ou optional (ponto facultativo).',
  daysInvalid: `O prazo deve ser um número inteiro de 1 a ${DEADLINE_MAX_DAYS} dias.`,
  unitInvalid: 'Unidade inválida: use business (dias úteis) ou calendar (dias corridos).',
} as const;

/** A calendar day YYYY-MM-DD that exists, within the years the calendar answers for. */
const isoDay = (missing: string) =>
  z
    .string(FIELDS.typed(missing))
    .trim()
    .min(1, missing)
    .refine(isIsoDay, CALENDAR_MESSAGES.dateInvalid)
    .refine((day) => {
      const year = Number(day.slice(0, 4));
      return year >= CALENDAR_MIN_YEAR && year <= CALENDAR_MAX_YEAR;
    }, CALENDAR_MESSAGES.dateOutOfRange);

/** A query value: its first occurrence, trimmed; blank is absent. */
const query = <S extends z.ZodType>(schema: S) => z.preprocess(FIELDS.firstQueryText, schema);
/** A query-string integer of `min`..`max`; anything else (a fraction, text, absent) answers `message`. */
const queryInt = (min: number, max: number, message: string) =>
  query(
    z
      .string(FIELDS.typed(message))
      .regex(/^-?\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.int().min(min, message).max(max, message)),
  );

export const calendarDaySchema = z
  .strictObject({
    date: z.iso.date(),
    name: FIELDS.text,
    kind: z.enum(CALENDAR_DAY_KINDS),
  })
  .meta({ id: 'CalendarDay' });
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /calendar/holidays?year=YYYY. */
export const calendarYearQuerySchema = z.object({
  year: queryInt(CALENDAR_MIN_YEAR, CALENDAR_MAX_YEAR, CALENDAR_MESSAGES.yearInvalid),
});
export type CalendarYearQuery = z.output<typeof calendarYearQuerySchema>;

/** POST /calendar/holidays: a municipal holiday or a 'ponto facultativo' day. */
export const calendarDayRequestSchema = z.strictObject({
  date: isoDay(CALENDAR_MESSAGES.dateRequired),
  name: z
    .string(FIELDS.typed(CALENDAR_MESSAGES.nameRequired))
    .trim()
    .min(1, CALENDAR_MESSAGES.nameRequired)
    .max(CALENDAR_DAY_NAME_MAX_LENGTH, CALENDAR_MESSAGES.nameTooLong),
  kind: z.enum(STORED_CALENDAR_DAY_KINDS, CALENDAR_MESSAGES.kindInvalid),
});
export type CalendarDayRequest = z.input<typeof calendarDayRequestSchema>;

/** The {date} of DELETE /calendar/holidays/{date}. */
export const calendarDateSchema = isoDay(CALENDAR_MESSAGES.dateInvalid);

/** GET /calendar/deadline?from=YYYY-MM-DD&days=N&unit=business|calendar. */
export const deadlineQuerySchema = z.object({
  /** Absent: today in the city's TIME_ZONE, the day the server counts a new deadline from. */
  from: query(isoDay(CALENDAR_MESSAGES.dateInvalid).optional()),
  days: queryInt(1, DEADLINE_MAX_DAYS, CALENDAR_MESSAGES.daysInvalid),
  /** Absent: the system default, DEADLINE_UNIT (docs/deadlines.md#default-unit). */
  unit: query(z.enum(DEADLINE_UNITS, CALENDAR_MESSAGES.unitInvalid).optional()),
});
export type DeadlineQuery = z.output<typeof deadlineQuerySchema>;

export const deadlineReplySchema = z.strictObject({ due: z.iso.date() }).meta({ id: 'DeadlineReply' });
export type DeadlineReply = z.infer<typeof deadlineReplySchema>;
