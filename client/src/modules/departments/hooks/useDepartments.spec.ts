import { DEFAULT_DEPARTMENTS } from '@contracts';
import { departmentNames } from './useDepartments';

describe('departmentNames', () => {
  it('takes the names of the list reply', () => {
    expect(departmentNames([{ name: 'Saúde' }, { name: 'Educação' }, { name: '' }, {}])).toEqual(['Saúde', 'Educação']);
  });

  it('falls back to the fixed list for an empty or malformed reply (docs/accounts.md#api)', () => {
    expect(departmentNames([])).toEqual([...DEFAULT_DEPARTMENTS]);
    expect(departmentNames({ data: [] })).toEqual([...DEFAULT_DEPARTMENTS]);
    expect(departmentNames(null)).toEqual([...DEFAULT_DEPARTMENTS]);
  });
});
