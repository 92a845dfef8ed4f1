import { INVALID_REPLY, readDepartmentList } from './department-list';

describe('readDepartmentList', () => {
  it('accepts an array of departments', () => {
    const list = [{ _id: '1', id: '1', name: 'Gabinete', description: null }];
    expect(readDepartmentList(list)).toBe(list);
  });
  it.each([[{ data: [] }], ['texto'], [[{ nome: 'x' }]], [null]])('refuses %j', (reply) => {
    expect(() => readDepartmentList(reply)).toThrow(INVALID_REPLY);
  });
});
