import { statBarsOption } from './stat-bars';

describe('statistics bars (docs/audit.md#logs-screen)', () => {
  it('ends the axis at the largest count, so each bar is relative to it, and names missing values', () => {
    const option = statBarsOption(
      [
        { _id: 'login', count: 40 },
        { _id: 'update', count: 10 },
        { _id: null, count: 5 },
      ],
      { login: 'Login', update: 'Atualizar' },
    );
    expect(option.xAxis).toMatchObject({ type: 'value', max: 40 });
    expect(option.yAxis).toMatchObject({ data: ['Login', 'Atualizar', 'Não informado'] });
    expect(option.series).toEqual([expect.objectContaining({ type: 'bar', data: [40, 10, 5] })]);
  });
});
