import { createZodDto } from 'nestjs-zod';
import { calendarDayRequestSchema } from '#server/contracts/calendar';

export class CalendarDayDto extends createZodDto(calendarDayRequestSchema) {}
