import {
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_MISMATCH,
  emailChangeError,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_SHORT,
  passwordChangeError,
  REQUIRED_MESSAGE,
} from './account-forms';

describe('emailChangeError', () => {
  const ok = { password: 'x', newEmail: 'a@b.gov.br', confirmEmail: 'A@B.gov.br ' };
  it('accepts matching e-mails (case and spaces aside)', () => expect(emailChangeError(ok)).toBeNull());
  it('requires every field', () => {
    expect(emailChangeError({ ...ok, password: '' })).toBe(REQUIRED_MESSAGE);
    expect(emailChangeError({ ...ok, confirmEmail: ' ' })).toBe(REQUIRED_MESSAGE);
  });
  it('refuses different e-mails with the spec message', () => {
    expect(emailChangeError({ ...ok, confirmEmail: 'c@b.gov.br' })).toBe(
      'Os emails não correspondem. Por favor, verifique e tente novamente.',
    );
    expect(EMAIL_MISMATCH).toMatch(/^Os emails/);
  });
});

describe('passwordChangeError', () => {
  const ok = { currentPassword: 'velha', newPassword: 'nova123', confirmPassword: 'nova123' };
  it('accepts a valid change', () => expect(passwordChangeError(ok)).toBeNull());
  it('requires the current password', () =>
    expect(passwordChangeError({ ...ok, currentPassword: '' })).toBe(CURRENT_PASSWORD_REQUIRED));
  it('refuses a mismatch with the spec message', () =>
    expect(passwordChangeError({ ...ok, confirmPassword: 'nova124' })).toBe(PASSWORD_MISMATCH));
  it('refuses fewer than 6 characters with the spec message', () =>
    expect(passwordChangeError({ ...ok, newPassword: '12345', confirmPassword: '12345' })).toBe(PASSWORD_TOO_SHORT));
});
