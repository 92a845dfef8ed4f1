import { neutralizeFormula } from './report.xlsx';

describe('neutralizeFormula', () => {
  it('prefixes text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+55 11', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Jurídico', '12.345', 'a=b', '']) expect(neutralizeFormula(text)).toBe(text);
  });
});
