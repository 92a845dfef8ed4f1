import { MIN_PASSWORD_LENGTH, PASSWORD_HAS_CONTENT } from '@contracts';
import type { PasswordChangeForm } from '@/modules/auth/validation';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, changeEmailRequestSchema, parseContract } from '@contracts';

export interface EmailChangeForm {
  password: string;
  newEmail: string;
  confirmEmail: string;
}

/**
 * docs/accounts.md#validation, change e-mail: all three required; new and confirmation must match;
 * then the server's own checks (changeEmailRequestSchema: a valid address).
 */
export function emailChangeError(form: EmailChangeForm): string | null {
  if (!form.password || !form.newEmail.trim() || !form.confirmEmail.trim()) return ACCOUNT_MESSAGES.allFieldsRequired;
  if (form.newEmail.trim().toLowerCase() !== form.confirmEmail.trim().toLowerCase())
    return ACCOUNT_MESSAGES.emailsDiffer;
  const checked = parseContract(changeEmailRequestSchema, { password: form.password, newEmail: form.newEmail });
  return checked.ok ? null : checked.message;
}

/** docs/sessions.md#validation "Change password": current required; new and confirmation match; at least 6 characters. */
export function passwordChangeError(form: PasswordChangeForm): string | null {
  if (!form.currentPassword) return AUTH_MESSAGES.currentPasswordRequired;
  if (form.newPassword !== form.confirmPassword) return ACCOUNT_MESSAGES.passwordsDiffer;
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.newPasswordTooShort;
  if (!PASSWORD_HAS_CONTENT.test(form.newPassword)) return AUTH_MESSAGES.newPasswordBlank;
  return null;
}
