import type { Tx } from '#server/database/transactions';
import type { BrazilianState } from '#server/contracts/calendar';
import { localIsoDate } from '#server/contracts/dates';
import type { ProcessStatus } from '#server/contracts/processes';
import { addDays } from '#server/domain/calendar/calendar-days';
import { computedHolidays } from '#server/domain/calendar/computed-holidays';
import { dueDate, nextBusinessDay } from '#server/domain/calendar/deadline-rules';
import { ProcessDeadlinesRepository } from '#server/repositories/process-deadlines.repository';

/** A demo process as its deadlines need it. */
export interface DemoProcessFacts {
  id: string;
  status: ProcessStatus;
  createdAt: Date;
  lastUpdate: Date;
  createdBy: string;
  /** Set when the process went on from `destination` to a further department. */
  forward: { from: string; to: string; by: string } | null;
}

interface DemoCalendar {
  today: string;
  timeZone: string;
  isClosed: (day: string) => boolean;
}

/** The computed holidays of the state around today (the demo adds no municipal day). */
export function demoCalendar(state: BrazilianState, timeZone: string): DemoCalendar {
  const today = localIsoDate(new Date(), timeZone);
  const year = Number(today.slice(0, 4));
  const closed = new Set([year - 1, year, year + 1].flatMap((y) => computedHolidays(y, state).map((d) => d.date)));
  return { today, timeZone, isClosed: (day) => closed.has(day) };
}

const LIMITS = { maxExtensions: 1, maxExtensionDays: 10 };

/**
 * Demo deadlines (docs/deadlines.md#process-deadlines), chosen by the process's index so every
 * state shows up: finalised processes met theirs (some late); of the others, by index, overdue, due
 * soon, on time, suspended or none; and a third of those forwarded on carry a 'Retorno programado'.
 */
export async function seedDemoDeadlines(
  manager: Tx,
  process: DemoProcessFacts,
  index: number,
  calendar: DemoCalendar,
): Promise<void> {
  const deadlines = new ProcessDeadlinesRepository(manager.connection);
  const { today, isClosed } = calendar;
  const day = (instant: Date) => localIsoDate(instant, calendar.timeZone);
  const created = day(process.createdAt);
  const base = {
    processId: process.id,
    kind: 'process' as const,
    unit: 'calendar' as const,
    days: null,
    fromDepartment: null,
    toDepartment: null,
    setBy: process.createdBy,
    setAt: process.createdAt,
    ...LIMITS,
  };
  const dueOn = (target: string) => {
    const due = nextBusinessDay(target, isClosed);
    return { startDate: due > created ? created : addDays(due, -1), dueDate: due };
  };

  const final = process.status === 'concluído' || process.status === 'cancelado';
  if (final && index % 2 === 0) {
    const closedOn = day(process.lastUpdate);
    const due = dueOn(addDays(closedOn, index % 3 === 0 ? -3 : 2));
    const saved = await deadlines.insert({ ...base, ...due }, manager);
    await deadlines.update(
      saved.id,
      { status: 'met', metAt: process.lastUpdate, metLate: closedOn > due.dueDate },
      manager,
    );
  } else if (!final) {
    const slot = index % 8;
    if (slot <= 4) {
      const offset = slot <= 1 ? -(1 + (index % 6)) : slot === 2 ? index % 3 : 5 + (index % 20);
      await deadlines.insert({ ...base, ...dueOn(addDays(today, offset)) }, manager);
    } else if (slot === 5) {
      const saved = await deadlines.insert({ ...base, ...dueOn(addDays(today, 10)) }, manager);
      await deadlines.update(
        saved.id,
        {
          status: 'suspended',
          suspendedAt: process.lastUpdate,
          suspendReason: 'Aguardando documentação complementar do requerente.',
          remainingDays: 7,
        },
        manager,
      );
    }
    if (process.forward && index % 3 === 0) {
      const start = day(process.lastUpdate);
      await deadlines.insert(
        {
          ...base,
          kind: 'return',
          days: 5,
          startDate: start,
          dueDate: dueDate(start, 5, 'calendar', isClosed),
          fromDepartment: process.forward.from,
          toDepartment: process.forward.to,
          setBy: process.forward.by,
          setAt: process.lastUpdate,
        },
        manager,
      );
    }
  }
  await deadlines.refreshShown(process.id, manager);
}
