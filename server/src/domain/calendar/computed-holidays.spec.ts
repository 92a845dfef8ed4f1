import Holidays from 'date-holidays';
import { BRAZILIAN_STATES } from '#server/contracts/calendar';
import { computedHolidays } from './computed-holidays';

const kinds = (year: number, state: Parameters<typeof computedHolidays>[1] = 'SP') =>
  Object.fromEntries(computedHolidays(year, state).map((day) => [day.date, `${day.kind}: ${day.name}`]));

describe('computed holidays (docs/deadlines.md#calendar)', () => {
  it("lists São Paulo's 2026: national and state holidays, and the nationwide pontos facultativos", () => {
    expect(kinds(2026)).toEqual({
      '2026-01-01': 'national: Ano Novo',
      '2026-02-16': 'optional: Carnaval',
      '2026-02-17': 'optional: Carnaval',
      '2026-04-03': 'national: Sexta-Feira Santa',
      '2026-04-21': 'national: Dia de Tiradentes',
      '2026-05-01': 'national: Dia do Trabalhador',
      '2026-06-04': 'optional: Corpus Christi',
      '2026-07-09': 'state: Revolução Constitucionalista',
      '2026-09-07': 'national: Dia da Independência',
      '2026-10-04': 'national: Dia de Eleição',
      '2026-10-12': 'national: Nossa Senhora Aparecida',
      '2026-10-25': 'national: Dia de Eleição',
      '2026-11-02': 'national: Dia de Finados',
      '2026-11-15': 'national: Proclamação da República',
      '2026-11-20': 'national: Dia da Consciência Negra',
      '2026-12-25': 'national: Natal',
    });
  });

  it('moves the Easter-based days every year', () => {
    expect(kinds(2025)).toMatchObject({
      '2025-03-03': 'optional: Carnaval',
      '2025-03-04': 'optional: Carnaval',
      '2025-04-18': 'national: Sexta-Feira Santa',
      '2025-06-19': 'optional: Corpus Christi',
    });
    expect(kinds(2024)).toMatchObject({
      '2024-02-13': 'optional: Carnaval',
      '2024-03-29': 'national: Sexta-Feira Santa',
    });
    expect(kinds(2028)).toMatchObject({
      '2028-02-29': 'optional: Carnaval',
      '2028-04-14': 'national: Sexta-Feira Santa',
    });
  });

  it('keeps 20 November national from 2024 in every state, and not before the law', () => {
    for (const state of BRAZILIAN_STATES)
      expect(kinds(2025, state)['2025-11-20']).toBe('national: Dia da Consciência Negra');
    expect(kinds(2023, 'PR')['2023-11-20']).toBeUndefined();
  });

  it("gives a state's own law precedence over a ponto facultativo on the same day", () => {
    expect(kinds(2026, 'RJ')).toMatchObject({
      '2026-02-17': 'state: Carnaval',
      '2026-04-23': 'state: Dia de São Jorge',
    });
    expect(kinds(2026, 'BA')['2026-07-02']).toBe('state: Independência da Bahia');
  });

  it('leaves out partial days and observances: Ash Wednesday, 24 and 31 December, Easter Sunday, Mother’s Day', () => {
    const days = kinds(2026);
    for (const day of ['2026-02-18', '2026-12-24', '2026-12-31', '2026-04-05', '2026-05-10'])
      expect(days[day]).toBeUndefined();
  });

  it('knows exactly the states date-holidays knows', () => {
    expect(Object.keys(new Holidays().getStates('BR')).sort()).toEqual([...BRAZILIAN_STATES]);
  });

  it('answers the same list for the same year (computed once)', () => {
    expect(computedHolidays(2031, 'MG')).toBe(computedHolidays(2031, 'MG'));
  });
});
