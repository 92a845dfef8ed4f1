import { MIN_PASSWORD_LENGTH } from '@contracts';
import type { PasswordChangeForm } from '../../auth/validation';

export const REQUIRED_MESSAGE = 'Por favor, preencha todos os campos.';
export const EMAIL_MISMATCH = 'Os emails não correspondem. Por favor, verifique e tente novamente.';
export const PASSWORD_MISMATCH = 'As senhas não correspondem. Por favor, verifique e tente novamente.';
export const PASSWORD_TOO_SHORT = 'A nova senha deve ter pelo menos 6 caracteres.';
export const CURRENT_PASSWORD_REQUIRED = 'Informe a senha atual.';

export interface EmailChangeForm {
  password: string;
  newEmail: string;
  confirmEmail: string;
}

/** Spec 2 §5 "Change e-mail": all three required; new and confirmation must match. */
export function emailChangeError(form: EmailChangeForm): string | null {
  if (!form.password || !form.newEmail.trim() || !form.confirmEmail.trim()) return REQUIRED_MESSAGE;
  if (form.newEmail.trim().toLowerCase() !== form.confirmEmail.trim().toLowerCase()) return EMAIL_MISMATCH;
  return null;
}

/** Spec 2 §5 "Change password": current required; new and confirmation match; at least 6 characters. */
export function passwordChangeError(form: PasswordChangeForm): string | null {
  if (!form.currentPassword) return CURRENT_PASSWORD_REQUIRED;
  if (form.newPassword !== form.confirmPassword) return PASSWORD_MISMATCH;
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
