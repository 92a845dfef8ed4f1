import { Injectable } from '@nestjs/common';
import type { CalendarDay, DeadlineUnit } from '#server/contracts/calendar';
import { AppConfig } from '#server/config/config.module';
import type { Tx } from '#server/database/transactions';
import { CalendarRepository } from '#server/repositories/calendar.repository';
import { endOfDay } from './calendar-days';
import { dueDate, yearsReached } from './deadline-rules';

/**
 * The municipal calendar as every deadline reads it (docs/deadlines.md): the computed national and
 * state holidays of HOLIDAYS_STATE plus the days administrators added, counted by the rules of
 * `deadline-rules.ts` in TIME_ZONE. Server modules and the worker compute due dates only here.
 */
@Injectable()
export class BusinessCalendar {
  constructor(
    private readonly days: CalendarRepository,
    private readonly config: AppConfig,
  ) {}

  /** The days without business of each year from `first` to `last`, by date (computed ones first on a tie). */
  async nonBusinessDays(first: number, last: number = first, tx?: Tx): Promise<CalendarDay[]> {
    const stored = await this.days.listBetween(`${first}-01-01`, `${last}-12-31`, tx);
    // Loaded on first use (it brings date-holidays): keeps the server's and the worker's start fast.
    const { computedHolidays } = await import('#server/domain/calendar/computed-holidays');
    const computed: CalendarDay[] = [];
    for (let year = first; year <= last; year += 1)
      computed.push(...computedHolidays(year, this.config.HOLIDAYS_STATE));
    const added = stored.map(({ date, name, kind }): CalendarDay => ({ date, name, kind }));
    return [...computed, ...added].sort((a, b) => a.date.localeCompare(b.date));
  }

  /** The last day of a deadline of `days` days from `from` (YYYY-MM-DD); `unit` defaults to DEADLINE_UNIT. */
  async due(from: string, days: number, unit: DeadlineUnit = this.config.DEADLINE_UNIT, tx?: Tx): Promise<string> {
    const years = yearsReached(from, days, unit);
    const closed = new Set((await this.nonBusinessDays(years[0], years[years.length - 1], tx)).map((d) => d.date));
    return dueDate(from, days, unit, (day) => closed.has(day));
  }

  /** The instant a deadline ending on `due` ends: 23:59:59 in TIME_ZONE. */
  endOf(due: string): Date {
    return endOfDay(due, this.config.TIME_ZONE);
  }
}
