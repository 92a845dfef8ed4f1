/** pt-BR formatting helpers (docs/interface.md#locale: every date in pt-BR; docs/interface.md#locale: money in BRL). */
export const LOCALE = 'pt-BR';
export const INVALID_DATE = 'Data não disponível';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const longDateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const currencyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'BRL' });
const numberFormat = new Intl.NumberFormat(LOCALE);
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export type DateInput = string | number | Date | null | undefined;

/** A valid Date, or null for missing/unparseable input. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 31/12/2024 */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : INVALID_DATE;
}

const dayFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day '2026-08-14' → '14/08/2026' (read at noon UTC: no time zone may move it). */
export function formatDay(day: string): string {
  const date = toDate(`${day}T12:00:00Z`);
  return date ? dayFormat.format(date) : INVALID_DATE;
}

/** 31/12/2024, 14:05 */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : INVALID_DATE;
}

/** terça-feira, 31 de dezembro de 2024 às 14:05 (the header clock). */
export function formatLongDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? longDateTimeFormat.format(date) : INVALID_DATE;
}

/** 'agora', 'N min atrás' (< 1 h), 'N h atrás' (< 24 h), else the pt-BR date. */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 0) return formatDate(date);
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `${minutes} min atrás`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h atrás`;
  return formatDate(date);
}

/** R$ 1.234,56 */
export function formatCurrency(value: number | string | null | undefined): string {
  const number = typeof value === 'string' ? Number(value) : value;
  return currencyFormat.format(number !== null && number !== undefined && Number.isFinite(number) ? number : 0);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * '1 processo', '250 processos', or 'mais de 1.000 processos' when the server stopped counting at
 * its cap (`totalIsLowerBound`, docs/processes.md#list-counts).
 */
export function formatCount(total: number, lowerBound: boolean, one: string, many: string): string {
  if (lowerBound) return `mais de ${formatNumber(total)} ${many}`;
  return `${formatNumber(total)} ${total === 1 ? one : many}`;
}

/** File size in KB with one decimal (e.g. '12,3 KB'); MB from 1024 KB. */
export function formatFileSize(bytes: number | null | undefined): string {
  const kb = Math.max(0, bytes ?? 0) / 1024;
  return kb >= 1024 ? `${oneDecimal.format(kb / 1024)} MB` : `${oneDecimal.format(kb)} KB`;
}

/** Cuts `text` to `max` characters and adds an ellipsis when it was longer. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** First word of a name (greetings, user menu), with a fallback. */
export function firstName(name: string | null | undefined, fallback = 'Usuário'): string {
  return name?.trim().split(/\s+/)[0] || fallback;
}
