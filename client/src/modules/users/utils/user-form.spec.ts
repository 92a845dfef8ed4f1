import { EMPTY_USER_FORM, prepareUserForm, REQUIRED_FIELDS_MESSAGE } from './user-form';

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

  it.each(['name', 'email', 'department'] as const)('requires %s', (field) => {
    expect(prepareUserForm({ ...filled, [field]: '  ' }, 'add')).toEqual({ error: REQUIRED_FIELDS_MESSAGE });
    expect(prepareUserForm({ ...filled, [field]: '' }, 'edit')).toEqual({ error: REQUIRED_FIELDS_MESSAGE });
  });

  it('defaults to operator and Funcionário', () => {
    expect(EMPTY_USER_FORM).toMatchObject({ role: 'operator', level: 'Funcionário' });
  });
});
