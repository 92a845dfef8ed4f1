import { daysLabel, fileTypeLabel, monthLabel, processCount } from './report-labels';

describe('report labels', () => {
  it('formats months, file types, process counts and mean days in pt-BR', () => {
    expect(monthLabel('2026-03')).toBe('mar/2026');
    expect(fileTypeLabel('pdf')).toBe('PDF');
    expect(fileTypeLabel(null)).toBe('Desconhecido');
    expect(processCount(1)).toBe('1 processo');
    expect(processCount(3)).toBe('3 processos');
    expect(daysLabel(12.5)).toBe('12,5 dias');
    expect(daysLabel(null)).toBe('N/A');
  });
});
