import { localIsoDate, monthLabel } from './dates';

describe('localIsoDate', () => {
  // 02:30 UTC on 1 March 2024 is still 29 February (a leap day) in São Paulo (UTC−3).
  const instant = Date.UTC(2024, 2, 1, 2, 30);

  it('gives the calendar day in the time zone asked for', () => {
    expect(localIsoDate(instant, 'America/Sao_Paulo')).toBe('2024-02-29');
    expect(localIsoDate(new Date(instant), 'UTC')).toBe('2024-03-01');
    expect(localIsoDate(Date.UTC(2025, 0, 9, 12), 'Asia/Tokyo')).toBe('2025-01-09');
  });

  it("uses the runtime's own time zone when none is given", () => {
    const date = new Date(2023, 11, 31, 23, 59);
    expect(localIsoDate(date)).toBe('2023-12-31');
    expect(localIsoDate(new Date(2024, 0, 5, 0, 0))).toBe('2024-01-05');
  });
});

describe('monthLabel', () => {
  it('names a month the pt-BR short way with its year', () => {
    expect(monthLabel('2026-03')).toBe('mar/2026');
    expect(monthLabel('2026-07')).toBe('jul/2026');
    expect(monthLabel('não é mês')).toBe('não é mês');
  });
});
