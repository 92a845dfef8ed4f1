import { BadRequestException } from '@nestjs/common';
import {
  REPORT_DEPARTMENT_MAX_LENGTH,
  REPORT_EXPORT_MESSAGES,
  REPORT_MESSAGES as MESSAGES,
  type ReportFilters,
} from '#server/contracts/reports';
import { isIsoDay } from '#server/contracts/dates';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function checked(value: unknown, valid: (raw: string) => boolean, message: string): string | undefined {
  if (value !== undefined && typeof value !== 'string') throw new BadRequestException(message);
  const raw = text(value);
  if (raw !== undefined && !valid(raw)) throw new BadRequestException(message);
  return raw;
}

/** GET /reports/* query: empty values are no filter; a wrong value is a 400, never ignored. */
export function parseReportFilters(query: Record<string, unknown>): ReportFilters {
  const filters: ReportFilters = {
    startDate: checked(query.startDate, isIsoDay, MESSAGES.dateInvalid),
    endDate: checked(query.endDate, isIsoDay, MESSAGES.dateInvalid),
    department: checked(query.department, (d) => d.length <= REPORT_DEPARTMENT_MAX_LENGTH, MESSAGES.departmentInvalid),
    userId: checked(query.userId, (id) => UUID.test(id), MESSAGES.userIdInvalid),
    requesterId: checked(query.requesterId, (id) => UUID.test(id), MESSAGES.requesterIdInvalid),
  };
  if (filters.startDate && filters.endDate && filters.endDate < filters.startDate) {
    throw new BadRequestException(MESSAGES.dateRange);
  }
  for (const key of Object.keys(filters) as (keyof ReportFilters)[])
    if (filters[key] === undefined) delete filters[key];
  return filters;
}

/** The screen's optional id of an export (a UUID), echoed in its progress events. */
export function parseExportId(value: unknown): string | undefined {
  return checked(value, (id) => UUID.test(id), REPORT_EXPORT_MESSAGES.exportIdInvalid);
}
