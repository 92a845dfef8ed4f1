import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { useFormFields } from '@/ui/useFormFields';
import { PasswordChangeFields } from '@/modules/auth/components/PasswordChangeFields';
import { profileApi } from '@/modules/profile/api/profile-api';
import { useLogout } from '@/modules/shell/hooks/useLogout';
import type { PasswordChangeForm } from '@/modules/auth/validation';
import { passwordChangeError } from '../utils/account-forms';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FAILED = 'Erro ao atualizar senha. Verifique suas credenciais e tente novamente.';
const CHANGED = 'Senha atualizada com sucesso! Por favor, faça login novamente com sua nova senha.';
/** docs/sessions.md#messages: after 3 seconds a confirm offers logout. */
export const LOGOUT_OFFER_DELAY_MS = 3000;
const LOGOUT_OFFER = 'Deseja sair agora e entrar novamente com a nova senha?';

/** Conta › change password. The server keeps this session and ends every other one. */
export function ChangePasswordForm() {
  const { values: form, setValues: setForm, set } = useFormFields(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const logout = useLogout();

  useEffect(() => () => clearTimeout(timer.current), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = passwordChangeError(form);
    setError(invalid);
    setSuccess(null);
    if (invalid) return;
    setSaving(true);
    try {
      await profileApi.changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      setForm(EMPTY);
      setSuccess(CHANGED);
      timer.current = setTimeout(() => {
        if (window.confirm(LOGOUT_OFFER)) void logout();
      }, LOGOUT_OFFER_DELAY_MS);
    } catch (caught) {
      setError(errorMessage(caught, FAILED));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title" className="settings-section__title">
        Alterar senha
      </h2>
      <Form className="people-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        {success && (
          <p role="status" className="success-banner">
            {success}
          </p>
        )}
        <PasswordChangeFields values={form} onChange={set} newPasswordDescription="Pelo menos 6 caracteres." />
        <div className="people-form__actions">
          <Button type="submit" isPending={saving}>
            Atualizar Senha
          </Button>
        </div>
      </Form>
    </section>
  );
}
