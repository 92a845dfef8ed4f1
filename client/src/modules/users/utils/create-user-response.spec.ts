import { readCreateUserResponse } from './create-user-response';

const user = { _id: '1', username: 'ana.souza', name: 'Ana Souza' };

describe('readCreateUserResponse', () => {
  it.each([
    ['top-level tempPassword and user', { user, tempPassword: 'Abc#1234xyz9' }],
    ['top-level password, user directly', { ...user, password: 'Abc#1234xyz9' }],
    ['under data', { data: { user, tempPassword: 'Abc#1234xyz9' } }],
    ['password under data, user directly under data', { data: { ...user, password: 'Abc#1234xyz9' } }],
  ])('%s', (_label, reply) => {
    const read = readCreateUserResponse(reply);
    expect(read.tempPassword).toBe('Abc#1234xyz9');
    expect(read.user).toMatchObject({ username: 'ana.souza' });
  });

  it('a reset reply without a password gives null (the e-mail alert is shown instead)', () => {
    expect(readCreateUserResponse({ message: 'ok' })).toEqual({ user: null, tempPassword: null });
    expect(readCreateUserResponse(undefined)).toEqual({ user: null, tempPassword: null });
  });
});
