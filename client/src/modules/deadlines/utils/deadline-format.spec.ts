import type { ProcessDeadline } from '@contracts';
import {
  DEADLINE_TONES,
  deadlineBadgeLabel,
  deadlineBadgeText,
  deadlineBadgeTitle,
  deadlineMetText,
  extensionsLeft,
} from './deadline-format';

const deadline = (over: Partial<ProcessDeadline>): ProcessDeadline => ({
  due: '2026-12-04', // a Friday
  unit: 'business',
  state: 'on-time',
  kind: 'process',
  businessDaysLeft: 5,
  ...over,
});

describe('deadlineBadgeText', () => {
  it.each([
    [{ state: 'due-soon', businessDaysLeft: 0 }, 'Vence hoje'],
    [{ state: 'due-soon', businessDaysLeft: 1 }, 'Vence amanhã'],
    [{ state: 'due-soon', businessDaysLeft: 3 }, '3 dias úteis'],
    [{ state: 'on-time', businessDaysLeft: 12 }, '12 dias úteis'],
    [{ state: 'overdue', businessDaysLeft: -2 }, 'Vencido há 2 dias úteis'],
    [{ state: 'overdue', businessDaysLeft: -1 }, 'Vencido há 1 dia útil'],
    [{ state: 'suspended', businessDaysLeft: null }, 'Sobrestado'],
    [{ state: 'met', businessDaysLeft: null }, 'Cumprido'],
  ] as const)('%o reads %s', (over, text) => {
    expect(deadlineBadgeText(deadline(over))).toBe(text);
  });

  it("says '1 dia útil', not 'amanhã', when a weekend lies between (due on Monday)", () => {
    expect(deadlineBadgeText(deadline({ due: '2026-12-07', state: 'due-soon', businessDaysLeft: 1 }))).toBe(
      '1 dia útil',
    );
  });

  it("reads 'Vencido' when overdue over a weekend with no business day elapsed", () => {
    expect(deadlineBadgeText(deadline({ state: 'overdue', businessDaysLeft: 0 }))).toBe('Vencido');
  });
});

describe('the badge name, tooltip and colour', () => {
  it('names the due day as dd/mm/aaaa whatever the browser language', () => {
    expect(deadlineBadgeLabel(deadline({ due: '2026-12-05', businessDaysLeft: 0, state: 'due-soon' }))).toBe(
      'Prazo: 05/12/2026 (Vence hoje)',
    );
    expect(deadlineBadgeTitle(deadline({ kind: 'return', unit: 'calendar' }))).toBe(
      'Retorno programado até 04/12/2026, em dias corridos',
    );
  });

  it('colours overdue red, due soon amber, suspended grey and met blue', () => {
    expect(DEADLINE_TONES).toEqual({
      overdue: 'danger',
      'due-soon': 'warning',
      'on-time': 'success',
      suspended: 'neutral',
      met: 'info',
    });
  });
});

describe('the details panel texts', () => {
  it('counts the extensions and days left', () => {
    const limits = { extensions: 0, maxExtensions: 1, extendedDays: 0, maxExtensionDays: 10 };
    expect(extensionsLeft(limits).text).toBe('Restam 1 prorrogação e 10 dias de prorrogação.');
    expect(extensionsLeft({ ...limits, extensions: 1, extendedDays: 10 })).toEqual({
      times: 0,
      days: 0,
      text: 'Este prazo não admite mais prorrogações.',
    });
  });

  it('says whether a met deadline was met on time or late', () => {
    expect(deadlineMetText({ metAt: null, metLate: null })).toBeNull();
    expect(deadlineMetText({ metAt: '2026-12-03T15:00:00.000Z', metLate: false })).toBe(
      'Cumprido no prazo em 03/12/2026',
    );
    expect(deadlineMetText({ metAt: '2026-12-09T15:00:00.000Z', metLate: true })).toBe(
      'Cumprido com atraso em 09/12/2026',
    );
  });
});
