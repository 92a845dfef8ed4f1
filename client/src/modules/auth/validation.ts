import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH, PASSWORD_HAS_CONTENT } from '@contracts';

export interface LoginForm {
  username: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/** docs/sessions.md#validation: username and password required. */
export function validateLogin(form: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  if (!form.username.trim()) errors.username = AUTH_MESSAGES.usernameRequired;
  if (!form.password) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeForm, string>>;

/** docs/sessions.md#validation: current password required; new one ≥ 6 characters; confirmation must match. */
export function validatePasswordChange(form: PasswordChangeForm): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!form.currentPassword) errors.currentPassword = AUTH_MESSAGES.currentPasswordRequired;
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = AUTH_MESSAGES.newPasswordTooShort;
  else if (!PASSWORD_HAS_CONTENT.test(form.newPassword)) errors.newPassword = AUTH_MESSAGES.newPasswordBlank;
  else if (form.newPassword !== form.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsDiffer;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
