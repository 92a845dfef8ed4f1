import { USER_MESSAGES } from '@contracts';
import { EMPTY_USER_FORM, prepareUserForm } from './user-form';

const filled = { ...EMPTY_USER_FORM, name: 'José da Silva', email: 'jose@pref.gov.br', department: 'Jurídico' };

describe('prepareUserForm', () => {
  it('suggests the username from the name when it is empty', () => {
    expect(prepareUserForm(filled, 'add')).toEqual({ form: { ...filled, username: 'jose.silva' } });
  });

  it('keeps a typed username, lower-cased', () => {
    expect(prepareUserForm({ ...filled, username: ' J.Silva ' }, 'add')).toMatchObject({
      form: { username: 'j.silva' },
    });
  });

  it.each(['name', 'email', 'department'] as const)('requires %s, named as the field of the message', (field) => {
    const problem = { field, message: USER_MESSAGES.requiredFields };
    expect(prepareUserForm({ ...filled, [field]: '  ' }, 'add')).toEqual({ problem });
    expect(prepareUserForm({ ...filled, [field]: '' }, 'edit')).toEqual({ problem });
  });

  it('points at the first empty field in the order of the form', () => {
    expect(prepareUserForm(EMPTY_USER_FORM, 'add')).toMatchObject({ problem: { field: 'name' } });
    expect(prepareUserForm({ ...EMPTY_USER_FORM, name: '!!' }, 'add')).toMatchObject({
      problem: { field: 'username' },
    });
  });

  it('answers the server schema texts at the field: a malformed e-mail or username', () => {
    expect(prepareUserForm({ ...filled, email: 'jose@' }, 'edit')).toEqual({
      problem: { field: 'email', message: USER_MESSAGES.invalidEmail },
    });
    expect(prepareUserForm({ ...filled, username: 'josé' }, 'add')).toEqual({
      problem: { field: 'username', message: USER_MESSAGES.invalidUsername },
    });
  });

  it('defaults to operator and Funcionário', () => {
    expect(EMPTY_USER_FORM).toMatchObject({ role: 'operator', level: 'Funcionário' });
  });
});
