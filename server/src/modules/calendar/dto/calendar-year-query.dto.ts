import { createZodDto } from 'nestjs-zod';
import { calendarYearQuerySchema } from '#server/contracts/calendar';

export class CalendarYearQueryDto extends createZodDto(calendarYearQuerySchema) {}
