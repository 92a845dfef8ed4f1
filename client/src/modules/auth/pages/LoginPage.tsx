import type { LoginResponse } from '@contracts';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useLocation } from 'wouter';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { TextField } from '@/ui/TextField';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';
import { startSession } from '../session';
import { hasErrors, validateLogin, type LoginErrors } from '../validation';

/** Delay before the forced password change (docs/sessions.md#login /login). */
const PASSWORD_CHANGE_REDIRECT_MS = 100;
const LOGIN_FAILED = 'Falha na autenticação. Verifique suas credenciais.';
const INCOMPLETE_REPLY = 'Resposta incompleta do servidor';

function isComplete(reply: Partial<LoginResponse> | undefined): reply is LoginResponse {
  return !!reply?.token && !!reply.user;
}

export default function LoginPage() {
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validateLogin({ username, password });
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    setError(null);
    setSubmitting(true);
    try {
      const reply = await authApi.login({ username: username.trim(), password });
      if (!isComplete(reply)) throw new Error(INCOMPLETE_REPLY);
      startSession(reply);
      if (reply.requirePasswordChange) {
        window.setTimeout(() => navigate('/change-password', { replace: true }), PASSWORD_CHANGE_REDIRECT_MS);
      } else {
        navigate('/dashboard', { replace: true });
      }
    } catch (caught) {
      setError(
        caught instanceof Error && caught.message === INCOMPLETE_REPLY
          ? INCOMPLETE_REPLY
          : errorMessage(caught, LOGIN_FAILED),
      );
      setSubmitting(false);
    }
  }

  return (
    <AuthCard subtitle="Acesse com seu usuário e senha">
      <Form className="auth-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        <TextField
          label="Usuário"
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
          errorMessage={fieldErrors.username}
          isRequired
          autoFocus
        />
        <TextField
          label="Senha"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          errorMessage={fieldErrors.password}
          isRequired
        />
        <Button type="submit" className="auth-form__submit" isDisabled={submitting}>
          {submitting ? 'Entrando...' : 'Entrar'}
        </Button>
      </Form>
    </AuthCard>
  );
}
