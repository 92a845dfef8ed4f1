import { Module } from '@nestjs/common';
import { BusinessCalendar } from '#server/domain/calendar/business-calendar';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';

@Module({
  controllers: [CalendarController],
  providers: [CalendarService, BusinessCalendar],
  exports: [BusinessCalendar],
})
export class CalendarModule {}
