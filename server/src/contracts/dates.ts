/**
 * Calendar days as YYYY-MM-DD, the one formatter of server, worker and client (a pure function the
 * client may import from `@contracts`).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * YYYY-MM-DD of the calendar day `date` falls on in `timeZone` (an IANA name such as the server's
 * TIME_ZONE setting), or in the runtime's own time zone when none is given (the browser's, for date
 * inputs and file names).
 */
export function localIsoDate(date: Date | number, timeZone?: string): string {
  const parts = dayFormatter(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * The wall-clock time `instant` shows in `timeZone`, written as if it were UTC (milliseconds,
 * to the second): what a spreadsheet cell holds, and, minus the instant, the zone's offset.
 */
export function wallClockAsUtc(instant: Date | number, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour') % 24,
    value('minute'),
    value('second'),
  );
}

const monthNames = new Intl.DateTimeFormat('pt-BR', { month: 'short', timeZone: 'UTC' });

/** '2026-03' → 'mar/2026', as the reports screen and its PDF/XLSX exports show a month. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return `${monthNames.format(new Date(Date.UTC(year, m - 1, 1))).replace('.', '')}/${year}`;
}

/** YYYY-MM-DD of a day that exists ('2026-13-01' and '2026-02-30' do not; neither throws). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
