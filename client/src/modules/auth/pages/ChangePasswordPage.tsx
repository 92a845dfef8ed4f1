import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useLocation } from 'wouter';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { useFormFields } from '@/ui/useFormFields';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import { PasswordChangeFields } from '../components/PasswordChangeFields';
import { logout } from '../session';
import { currentUserAtom } from '../states/currentUserAtom';
import { hasErrors, validatePasswordChange, type PasswordChangeErrors } from '../validation';

const CHANGE_FAILED = 'Erro ao alterar senha. Tente novamente.';
const PASSWORD_CHANGED = 'Senha alterada com sucesso! Faça login novamente com sua nova senha.';

/**
 * Change of password (docs/sessions.md#temporary-password /change-password): mandatory for a temporary password, which is the
 * only case that says so; anyone else (e.g. opening it from Configurações) just changes it.
 */
export default function ChangePasswordPage() {
  const [, navigate] = useLocation();
  const temporary = useAtomValue(currentUserAtom)?.requirePasswordChange ?? false;
  const { values: form, set } = useFormFields({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<PasswordChangeErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function leave() {
    await logout();
    navigate('/login', { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validatePasswordChange(form);
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    setError(null);
    setSubmitting(true);
    try {
      await authApi.changeTemporaryPassword({ currentPassword: form.currentPassword, newPassword: form.newPassword });
    } catch (caught) {
      setError(errorMessage(caught, CHANGE_FAILED));
      setSubmitting(false);
      return;
    }
    window.alert(PASSWORD_CHANGED);
    await leave();
  }

  return (
    <AuthCard subtitle={temporary ? 'Alteração obrigatória de senha' : 'Alteração de senha'}>
      {temporary && (
        <p className="auth-card__text">Você está usando uma senha temporária. Defina uma nova senha para continuar.</p>
      )}
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        <PasswordChangeFields values={form} onChange={set} errors={fieldErrors} autoFocus />
        <div className="auth-requirements">
          <p className="auth-requirements__title">Requisitos da senha:</p>
          <ul>
            <li>Pelo menos 6 caracteres</li>
            <li>Recomendado: letras, números e símbolos</li>
            <li>Evite senhas óbvias (como datas de nascimento ou sequências)</li>
          </ul>
        </div>
        <div className="auth-form__actions">
          <Button type="button" variant="secondary" onPress={() => void leave()} isDisabled={submitting}>
            Sair
          </Button>
          <Button type="submit" isDisabled={submitting}>
            {submitting ? 'Alterando...' : 'Alterar Senha'}
          </Button>
        </div>
      </Form>
    </AuthCard>
  );
}
