import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, type DataSource, type EntityManager } from 'typeorm';
import { CalendarDayEntity } from '#server/database/entities/index';

type CalendarDayFields = Pick<CalendarDayEntity, 'date' | 'name' | 'kind' | 'createdBy'>;

/** The municipal calendar's own days (docs/deadlines.md#calendar). */
@Injectable()
export class CalendarRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The days from `first` to `last` (YYYY-MM-DD, inclusive), by date. */
  listBetween(first: string, last: string, tx: EntityManager = this.dataSource.manager): Promise<CalendarDayEntity[]> {
    return tx.getRepository(CalendarDayEntity).find({ where: { date: Between(first, last) }, order: { date: 'ASC' } });
  }

  findByDate(date: string, tx: EntityManager = this.dataSource.manager): Promise<CalendarDayEntity | null> {
    return tx.getRepository(CalendarDayEntity).findOneBy({ date });
  }

  /** A second row for the same date fails with a unique violation. */
  async insert(fields: CalendarDayFields, tx: EntityManager = this.dataSource.manager): Promise<CalendarDayEntity> {
    await tx.getRepository(CalendarDayEntity).insert(fields);
    return (await this.findByDate(fields.date, tx))!;
  }

  async delete(date: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(CalendarDayEntity).delete({ date });
  }
}
