import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@contracts';
import { emailChangeError, passwordChangeError } from './account-forms';

describe('emailChangeError', () => {
  const ok = { password: 'x', newEmail: 'a@b.gov.br', confirmEmail: 'A@B.gov.br ' };
  it('accepts matching e-mails (case and spaces aside)', () => expect(emailChangeError(ok)).toBeNull());
  it('requires every field', () => {
    expect(emailChangeError({ ...ok, password: '' })).toBe(ACCOUNT_MESSAGES.allFieldsRequired);
    expect(emailChangeError({ ...ok, confirmEmail: ' ' })).toBe(ACCOUNT_MESSAGES.allFieldsRequired);
  });
  it('refuses different e-mails with the spec message', () => {
    expect(emailChangeError({ ...ok, confirmEmail: 'c@b.gov.br' })).toBe(
      'Os emails não correspondem. Por favor, verifique e tente novamente.',
    );
    expect(ACCOUNT_MESSAGES.emailsDiffer).toMatch(/^Os emails/);
  });
  it('refuses a malformed address as the server does', () => {
    expect(emailChangeError({ ...ok, newEmail: 'a@b', confirmEmail: 'a@b' })).toBe(ACCOUNT_MESSAGES.invalidEmail);
  });
});

describe('passwordChangeError', () => {
  const ok = { currentPassword: 'velha', newPassword: 'nova123', confirmPassword: 'nova123' };
  it('accepts a valid change', () => expect(passwordChangeError(ok)).toBeNull());
  it('requires the current password', () =>
    expect(passwordChangeError({ ...ok, currentPassword: '' })).toBe(AUTH_MESSAGES.currentPasswordRequired));
  it('refuses a mismatch with the spec message', () =>
    expect(passwordChangeError({ ...ok, confirmPassword: 'nova124' })).toBe(
      'As senhas não correspondem. Por favor, verifique e tente novamente.',
    ));
  it('refuses fewer than 6 characters with the spec message', () =>
    expect(passwordChangeError({ ...ok, newPassword: '12345', confirmPassword: '12345' })).toBe(
      'A nova senha deve ter pelo menos 6 caracteres.',
    ));
  it('refuses a new password made only of spaces', () =>
    expect(passwordChangeError({ ...ok, newPassword: '\t      ', confirmPassword: '\t      ' })).toBe(
      AUTH_MESSAGES.newPasswordBlank,
    ));
});
