import { AUTH_MESSAGES, changeTemporaryPasswordSchema, loginRequestSchema, parseContract } from '@contracts';

/**
 * The server's schema run on the form (parseContract), each field's first message ranked ahead in
 * turn, so the form shows every field's message at once.
 */
function fieldErrors<F extends string>(
  schema: Parameters<typeof parseContract>[0],
  values: Record<F, string>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(values) as F[]) {
    const result = parseContract(schema, values, (path) => (path[0] === field ? 0 : 1));
    if (!result.ok && result.path[0] === field) errors[field] = result.message;
  }
  return errors;
}

export interface LoginForm {
  username: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/** docs/sessions.md#validation: username and password required (loginRequestSchema; the username trimmed). */
export function validateLogin(form: LoginForm): LoginErrors {
  return fieldErrors(loginRequestSchema, { username: form.username.trim(), password: form.password });
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeForm, string>>;

/**
 * docs/sessions.md#validation: current password required; new one ≥ 6 characters (changeTemporaryPasswordSchema);
 * confirmation must match.
 */
export function validatePasswordChange(form: PasswordChangeForm): PasswordChangeErrors {
  const errors: PasswordChangeErrors = fieldErrors(changeTemporaryPasswordSchema, {
    currentPassword: form.currentPassword,
    newPassword: form.newPassword,
  });
  if (!errors.newPassword && form.newPassword !== form.confirmPassword)
    errors.confirmPassword = AUTH_MESSAGES.passwordsDiffer;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
