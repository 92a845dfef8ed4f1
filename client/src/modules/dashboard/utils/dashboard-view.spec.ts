import {
  ageAlert,
  chartLabel,
  dayLabel,
  lastDays,
  loadErrorText,
  sampleActivity,
  topDepartments,
} from './dashboard-view';

describe('dashboard view rules (docs/dashboard.md#screen)', () => {
  it('age alerts: none under 21 days, warning 21–29, urgent from 30', () => {
    expect(ageAlert(0)).toBeNull();
    expect(ageAlert(20)).toBeNull();
    expect(ageAlert(21)).toEqual({ level: 'warning', text: '21 dias sem atualização' });
    expect(ageAlert(29)).toEqual({ level: 'warning', text: '29 dias sem atualização' });
    expect(ageAlert(30)).toEqual({ level: 'urgent', text: '30 dias sem atualização' });
    expect(ageAlert(120)?.level).toBe('urgent');
  });

  it('cuts department labels longer than 10 characters to 8 plus an ellipsis only on narrow screens', () => {
    expect(chartLabel('Recursos Humanos', true)).toBe('Recursos...');
    expect(chartLabel('Financeiro', true)).toBe('Financeiro');
    expect(chartLabel('Infraestrutura', false)).toBe('Infraestrutura');
  });

  it('keeps the last days of the series and the largest departments', () => {
    const series = Array.from({ length: 30 }, (_, i) => ({
      date: `2024-11-${String(i + 1).padStart(2, '0')}`,
      count: i,
    }));
    expect(lastDays(series, 14)).toHaveLength(14);
    expect(lastDays(series, 14)[0].date).toBe('2024-11-17');
    const slices = ['A', 'B', 'C', 'D', 'E', 'F'].map((department, i) => ({ department, count: 10 - i }));
    expect(topDepartments(slices, 3).map((s) => s.department)).toEqual(['A', 'B', 'C']);
  });

  it('formats day labels and error texts', () => {
    expect(dayLabel('2024-11-05')).toBe('05/11');
    expect(loadErrorText('Falha de rede')).toBe('Erro ao carregar dados: Falha de rede');
    expect(loadErrorText('')).toBe('Erro ao carregar dados: Por favor, tente novamente.');
    expect(loadErrorText(undefined)).toBe('Erro ao carregar dados: Por favor, tente novamente.');
  });

  it('sample activity has 30 days ending today', () => {
    const series = sampleActivity(new Date(2024, 10, 26));
    expect(series).toHaveLength(30);
    expect(series.at(-1)!.date).toBe('2024-11-26');
    expect(series.every((p) => p.count >= 0)).toBe(true);
  });
});
