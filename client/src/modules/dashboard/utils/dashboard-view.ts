import type { DashboardActivityPoint, DashboardDepartmentSlice } from '@contracts';
import { localIsoDate, PROCESS_AGING_DAYS, PROCESS_WARNING_DAYS } from '@contracts';

/** docs/dashboard.md#limits dashboard constants. */
export const ACTIVITY_DAYS = 30;
export const ACTIVITY_DAYS_MOBILE = 14;
export const TOP_DEPARTMENTS = 5;
export const TOP_DEPARTMENTS_NARROW = 3;
export const SUBJECT_MAX_NARROW = 40;
/** On narrow screens a department label longer than this is cut to LABEL_CUT characters + '...'. */
export const LABEL_MAX_NARROW = 10;
export const LABEL_CUT = 8;

export const LOAD_ERROR_PREFIX = 'Erro ao carregar dados: ';
export const LOAD_ERROR_FALLBACK = 'Por favor, tente novamente.';
export const USER_RETRY_ERROR = 'Não foi possível autenticar o usuário após várias tentativas';

export interface AgeAlert {
  level: 'warning' | 'urgent';
  text: string;
}

/** 21–29 days without update is a warning, 30 or more urgent (docs/dashboard.md#screen). */
export function ageAlert(daysSinceUpdate: number): AgeAlert | null {
  if (daysSinceUpdate < PROCESS_WARNING_DAYS) return null;
  return {
    level: daysSinceUpdate >= PROCESS_AGING_DAYS ? 'urgent' : 'warning',
    text: `${daysSinceUpdate} dias sem atualização`,
  };
}

/** The last `days` points of the series (the server sends 30, oldest first). */
export const lastDays = (activity: DashboardActivityPoint[], days: number) => activity.slice(-days);

/** The `top` largest departments (the server sends them largest first). */
export const topDepartments = (slices: DashboardDepartmentSlice[], top: number) => slices.slice(0, top);

/** A department label on a narrow screen: longer than 10 characters -> first 8 + '...'. */
export function chartLabel(label: string, narrow: boolean): string {
  return narrow && label.length > LABEL_MAX_NARROW ? `${label.slice(0, LABEL_CUT)}...` : label;
}

/** "26/11" for an activity point's YYYY-MM-DD. */
export function dayLabel(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
}

/**
 * What the charts show when no process exists yet (docs/dashboard.md#screen: sample data), clearly marked as such
 * by the page: a fixed, plausible shape ending today.
 */
export function sampleActivity(today: Date = new Date()): DashboardActivityPoint[] {
  return Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (ACTIVITY_DAYS - 1 - i));
    const iso = localIsoDate(day);
    return { date: iso, count: 6 + Math.round(3 * Math.sin(i / 3)) + (i % 7 === 5 || i % 7 === 6 ? -2 : 2) };
  });
}

export const SAMPLE_DEPARTMENTS: DashboardDepartmentSlice[] = [
  { department: 'Administração', count: 12 },
  { department: 'Recursos Humanos', count: 9 },
  { department: 'Financeiro', count: 7 },
  { department: 'Infraestrutura', count: 5 },
  { department: 'Jurídico', count: 3 },
];

/** 'Erro ao carregar dados: ' plus the error's message or the generic text (docs/dashboard.md#screen). */
export function loadErrorText(message: string | null | undefined): string {
  return `${LOAD_ERROR_PREFIX}${message?.trim() || LOAD_ERROR_FALLBACK}`;
}
