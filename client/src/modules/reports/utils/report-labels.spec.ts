import { daysLabel, fileTypeLabel, processCount } from './report-labels';

describe('report labels', () => {
  it('formats file types, process counts and mean days in pt-BR', () => {
    expect(fileTypeLabel('pdf')).toBe('PDF');
    expect(fileTypeLabel(null)).toBe('Desconhecido');
    expect(processCount(1)).toBe('1 processo');
    expect(processCount(3)).toBe('3 processos');
    expect(daysLabel(12.5)).toBe('12,5 dias');
    expect(daysLabel(null)).toBe('N/A');
  });
});
