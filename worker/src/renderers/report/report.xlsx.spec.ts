import { excelLocalDate, neutralizeFormula } from './report.xlsx';

describe('neutralizeFormula', () => {
  it('prefixes text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+55 11', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Jurídico', '12.345', 'a=b', '']) expect(neutralizeFormula(text)).toBe(text);
  });
});

describe('excelLocalDate', () => {
  it('writes an instant as the wall-clock time of the time zone (Excel dates have none)', () => {
    expect(excelLocalDate('2026-11-22T02:30:00.000Z', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-21T23:30:00.000Z',
    );
    expect(excelLocalDate(new Date('2026-01-01T00:00:00Z'), 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
