import { canSeeAdministration, levelLabel, roleLabel } from './permissions';
import { hasErrors, validateLogin, validatePasswordChange } from './validation';

describe('login validation (docs/sessions.md#validation)', () => {
  it('requires username and password', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual({
      username: 'Informe o usuário.',
      password: 'Informe a senha.',
    });
    expect(hasErrors(validateLogin({ username: 'ana', password: 'x' }))).toBe(false);
  });
});

describe('password change validation (docs/sessions.md#validation)', () => {
  const valid = { currentPassword: 'temporaria', newPassword: 'nova-senha', confirmPassword: 'nova-senha' };

  it('accepts a valid change', () => {
    expect(validatePasswordChange(valid)).toEqual({});
  });

  it('requires the current password', () => {
    expect(validatePasswordChange({ ...valid, currentPassword: '' })).toEqual({
      currentPassword: 'Informe a senha atual.',
    });
  });

  it('requires at least 6 characters, then a matching confirmation', () => {
    expect(validatePasswordChange({ ...valid, newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: 'A nova senha deve ter pelo menos 6 caracteres.',
    });
    expect(validatePasswordChange({ ...valid, newPassword: '123456', confirmPassword: '123456' })).toEqual({});
    expect(validatePasswordChange({ ...valid, confirmPassword: 'outra-senha' })).toEqual({
      confirmPassword: 'As senhas não coincidem.',
    });
  });

  it('refuses a new password made only of spaces', () => {
    expect(validatePasswordChange({ ...valid, newPassword: '        ', confirmPassword: '        ' })).toEqual({
      newPassword: 'A nova senha não pode ser formada só por espaços.',
    });
  });
});

describe('shell permissions and labels (docs/interface.md#layout)', () => {
  it('shows the administrative entries to admins and to Gabinete only', () => {
    expect(canSeeAdministration({ role: 'admin', department: 'Financeiro' })).toBe(true);
    expect(canSeeAdministration({ role: 'operator', department: 'Gabinete' })).toBe(true);
    expect(canSeeAdministration({ role: 'operator', department: 'Financeiro', level: 'Chefia' })).toBe(false);
    expect(canSeeAdministration(null)).toBe(false);
  });

  it('labels role and level', () => {
    expect(roleLabel('admin')).toBe('Administrador');
    expect(roleLabel('operator')).toBe('Operador');
    expect(levelLabel(undefined)).toBe('Funcionário');
    expect(levelLabel('Chefia')).toBe('Chefia');
  });
});
