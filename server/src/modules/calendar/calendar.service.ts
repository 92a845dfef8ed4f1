import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { CALENDAR_DAY_KIND_LABELS, type CalendarDay } from '#server/contracts/calendar';
import { isPgError, PG_UNIQUE_VIOLATION } from '#server/database/pg-errors';
import { Transactions } from '#server/database/transactions';
import { BusinessCalendar } from '#server/domain/calendar/business-calendar';
import { CalendarRepository } from '#server/repositories/calendar.repository';
import { AuditService } from '../audit/audit.service';
import type { CalendarDayDto } from './dto/calendar-day.dto';

/** 25/12/2026 from 2026-12-25. */
const shown = (date: string) => date.split('-').reverse().join('/');

/** The administrators' days of the municipal calendar (docs/deadlines.md#calendar), each change audited. */
@Injectable()
export class CalendarService {
  constructor(
    private readonly transactions: Transactions,
    private readonly days: CalendarRepository,
    private readonly calendar: BusinessCalendar,
    private readonly audit: AuditService,
  ) {}

  async addedDays(year: number): Promise<CalendarDay[]> {
    const stored = await this.days.listBetween(`${year}-01-01`, `${year}-12-31`);
    return stored.map(({ date, name, kind }) => ({ date, name, kind }));
  }

  async add(caller: AuthUser, dto: CalendarDayDto, meta: RequestMeta): Promise<CalendarDay> {
    const year = Number(dto.date.slice(0, 4));
    const taken = (await this.calendar.nonBusinessDays(year)).find((day) => day.date === dto.date);
    if (taken) throw this.alreadyClosed(taken);
    try {
      return await this.transactions.run(async (tx) => {
        const saved = await this.days.insert({ ...dto, createdBy: caller.id }, tx);
        await this.audit.record(
          {
            action: 'create',
            entityType: 'calendar',
            entityId: saved.date,
            description: `${CALENDAR_DAY_KIND_LABELS[saved.kind]} ${saved.name} em ${shown(saved.date)} incluído no calendário`,
            actor: caller,
            meta,
            details: { date: saved.date, name: saved.name, kind: saved.kind },
          },
          tx,
        );
        return { date: saved.date, name: saved.name, kind: saved.kind };
      });
    } catch (error) {
      // Another administrator added the same date meanwhile.
      const stored = isPgError(error, PG_UNIQUE_VIOLATION) ? await this.days.findByDate(dto.date) : null;
      if (stored) throw this.alreadyClosed(stored);
      throw error;
    }
  }

  async remove(caller: AuthUser, date: string, meta: RequestMeta): Promise<void> {
    await this.transactions.run(async (tx) => {
      const stored = await this.days.findByDate(date, tx);
      if (!stored) {
        const year = Number(date.slice(0, 4));
        const computed = (await this.calendar.nonBusinessDays(year, year, tx)).find((day) => day.date === date);
        if (computed) {
          throw new ConflictException(
            `${CALENDAR_DAY_KIND_LABELS[computed.kind]} ${computed.name} (${shown(date)}) é calculado pelo sistema ` +
              'e não pode ser excluído; só feriados municipais e pontos facultativos incluídos no calendário podem.',
          );
        }
        throw new NotFoundException(`Nenhum feriado municipal ou ponto facultativo cadastrado em ${shown(date)}.`);
      }
      await this.days.delete(date, tx);
      await this.audit.record(
        {
          action: 'delete',
          entityType: 'calendar',
          entityId: date,
          description: `${CALENDAR_DAY_KIND_LABELS[stored.kind]} ${stored.name} em ${shown(date)} excluído do calendário`,
          actor: caller,
          meta,
          details: { date, name: stored.name, kind: stored.kind },
        },
        tx,
      );
    });
  }

  private alreadyClosed(day: Pick<CalendarDay, 'date' | 'name' | 'kind'>): ConflictException {
    return new ConflictException(
      `${shown(day.date)} já é um dia sem expediente no calendário: ${day.name} (${CALENDAR_DAY_KIND_LABELS[day.kind].toLowerCase()}).`,
    );
  }
}
