import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  Param,
  type PipeTransform,
  Post,
  Query,
} from '@nestjs/common';
import { Replies } from '#server/common/openapi/replies';
import { messageResponseSchema } from '#server/contracts/auth';
import {
  calendarDateSchema,
  calendarDaySchema,
  type CalendarDay,
  type DeadlineReply,
  deadlineReplySchema,
} from '#server/contracts/calendar';
import { parseContract } from '#server/contracts/validation-messages';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import { Roles } from '#server/common/decorators/roles.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { BusinessCalendar } from '#server/domain/calendar/business-calendar';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { CalendarService } from './calendar.service';
import { CalendarDayDto } from './dto/calendar-day.dto';
import { CalendarYearQueryDto } from './dto/calendar-year-query.dto';
import { DeadlineQueryDto } from './dto/deadline-query.dto';

/** The {date} of a route: a real YYYY-MM-DD day, or 400 in pt-BR. */
const dateParam: PipeTransform<unknown, string> = {
  transform(value) {
    const result = parseContract(calendarDateSchema, value);
    if (!result.ok) throw new BadRequestException(result.message);
    return result.data;
  },
};

/** The municipal calendar and deadline counting (docs/deadlines.md). */
@Controller('calendar')
export class CalendarController {
  constructor(
    private readonly service: CalendarService,
    private readonly calendar: BusinessCalendar,
    private readonly clock: DeadlineClock,
  ) {}

  @Get('holidays')
  @Replies(calendarDaySchema.array())
  holidays(@Query() { year }: CalendarYearQueryDto): Promise<CalendarDay[]> {
    return this.calendar.nonBusinessDays(year);
  }

  /** The days administrators added in a year (the screen offers 'Excluir' on these only). */
  @Roles('admin')
  @Get('added-days')
  @Replies(calendarDaySchema.array())
  addedDays(@Query() { year }: CalendarYearQueryDto): Promise<CalendarDay[]> {
    return this.service.addedDays(year);
  }

  @Roles('admin')
  @Post('holidays')
  @Replies(calendarDaySchema, 201)
  add(@CurrentUser() caller: AuthUser, @Body() body: CalendarDayDto, @ReqMeta() meta: RequestMeta) {
    return this.service.add(caller, body, meta);
  }

  @Roles('admin')
  @Delete('holidays/:date')
  @Replies(messageResponseSchema)
  async remove(@CurrentUser() caller: AuthUser, @Param('date', dateParam) date: string, @ReqMeta() meta: RequestMeta) {
    await this.service.remove(caller, date, meta);
    return { message: 'Dia excluído do calendário.' };
  }

  @Get('deadline')
  @Replies(deadlineReplySchema)
  async deadline(@Query() { from, days, unit }: DeadlineQueryDto): Promise<DeadlineReply> {
    return { due: await this.calendar.due(from ?? this.clock.today(), days, unit) };
  }
}
