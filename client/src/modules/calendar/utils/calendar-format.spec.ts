import { formatDay } from '@/lib/format';
import { selectableYears, weekdayOf } from './calendar-format';

describe('calendar formats', () => {
  it('shows a calendar day as dd/mm/aaaa with its weekday, whatever the time zone', () => {
    expect(formatDay('2026-08-14')).toBe('14/08/2026');
    expect(formatDay('2028-02-29')).toBe('29/02/2028');
    expect(weekdayOf('2026-08-14')).toBe('sexta-feira');
    expect(weekdayOf('2026-01-01')).toBe('quinta-feira');
  });

  it('offers three years back and five ahead', () => {
    expect(selectableYears(2026)).toEqual([2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031]);
  });
});
