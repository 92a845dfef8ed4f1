import { BadRequestException, Injectable } from '@nestjs/common';
import { DEADLINE_MAX_DAYS, type DeadlineUnit } from '#server/contracts/calendar';
import { DEADLINE_DUE_SOON_BUSINESS_DAYS, DEADLINE_MESSAGES, type DeadlineInput } from '#server/contracts/deadlines';
import { localIsoDate } from '#server/contracts/dates';
import { AppConfig } from '#server/config/config.module';
import type { Tx } from '#server/database/transactions';
import { BusinessCalendar } from '../calendar/business-calendar';
import { addDays, yearOf } from '../calendar/calendar-days';
import { dueDate } from '../calendar/deadline-rules';
import { Clock } from '../clock';
import type { DeadlineContext } from './deadline-state';

/** A deadline context and the years whose closed days it holds. */
export interface CalendarContext extends DeadlineContext {
  years: readonly [first: number, last: number];
}

const dueYears = (dues: readonly (string | null | undefined)[]) =>
  dues.filter((due): due is string => !!due).map(yearOf);

/** Today and the deadline context, read from the Clock (a test moves it) in TIME_ZONE. */
@Injectable()
export class DeadlineClock {
  constructor(
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: AppConfig,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  /** Today, YYYY-MM-DD, in TIME_ZONE. */
  today(): string {
    return localIsoDate(this.clock.now(), this.config.TIME_ZONE);
  }

  /** The context that states the deadlines due on `dues` (the days they end; absent ones are skipped). */
  async context(dues: readonly (string | null | undefined)[] = [], tx?: Tx): Promise<CalendarContext> {
    const today = this.today();
    const years = [yearOf(today), yearOf(today) + 1, ...dueYears(dues)];
    const [first, last] = [Math.min(...years), Math.max(...years)];
    const closedDays = await this.calendar.nonBusinessDays(first, last, tx);
    const closed = new Set(closedDays.map((day) => day.date));
    const isClosed = (day: string) => closed.has(day);
    return {
      today,
      soon: dueDate(today, DEADLINE_DUE_SOON_BUSINESS_DAYS, 'business', isClosed),
      isClosed,
      years: [first, last],
    };
  }

  /**
   * `known` when it is still today's and holds every year of `dues` (a list's rows, stated with the
   * context its filter used: one calendar read per request), else a context read for them.
   */
  contextFor(
    dues: readonly (string | null | undefined)[],
    known: CalendarContext | undefined,
    tx?: Tx,
  ): Promise<CalendarContext> {
    const [first, last] = known?.years ?? [0, -1];
    const covered = dueYears(dues).every((year) => year >= first && year <= last);
    return known && covered && known.today === this.today() ? Promise.resolve(known) : this.context(dues, tx);
  }

  /**
   * The due day of a deadline asked today (docs/deadlines.md#process-deadlines): `days` of `unit`
   * (DEADLINE_UNIT by default) from today, or a `date` from today on, moved to the next business day
   * when it has none; a past or too distant date is a 400.
   */
  async dueOf(
    asked: Pick<DeadlineInput, 'days' | 'date' | 'unit'>,
    tx?: Tx,
  ): Promise<{ today: string; unit: DeadlineUnit; dueDate: string }> {
    const today = this.today();
    const unit = asked.unit ?? this.config.DEADLINE_UNIT;
    if (asked.days !== undefined) return { today, unit, dueDate: await this.calendar.due(today, asked.days, unit, tx) };
    const date = asked.date!;
    if (date < today) throw new BadRequestException(DEADLINE_MESSAGES.dateInPast);
    if (date > addDays(today, DEADLINE_MAX_DAYS)) throw new BadRequestException(DEADLINE_MESSAGES.dateTooFar);
    // Zero calendar days: the day itself, or the next business day when it has none.
    return { today, unit, dueDate: await this.calendar.due(date, 0, 'calendar', tx) };
  }
}
