import { Global, Module } from '@nestjs/common';
import { BusinessCalendar } from '../calendar/business-calendar';
import { Clock } from '../clock';
import { DeadlineClock } from './deadline-clock';

const TIME = [Clock, BusinessCalendar, DeadlineClock];

/**
 * The one clock and calendar of server and worker alike (docs/deadlines.md): global, so a test that
 * moves `Clock.now` moves every deadline, reminder and dashboard figure with it.
 */
@Global()
@Module({ providers: TIME, exports: TIME })
export class TimeModule {}
