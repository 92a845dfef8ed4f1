import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toast';
import { useFormFields } from '@/ui/useFormFields';
import { profileApi } from '@/modules/profile/api/profile-api';
import { useProfileCache } from '@/modules/profile/hooks/useProfile';
import { emailChangeError, type EmailChangeForm } from '../utils/account-forms';

const EMPTY: EmailChangeForm = { password: '', newEmail: '', confirmEmail: '' };
const FAILED = 'Erro ao atualizar email. Tente novamente.';

/** Conta › change e-mail (docs/accounts.md#settings): password, new e-mail and its confirmation. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string | undefined }) {
  const storeProfile = useProfileCache();
  const { values: form, setValues: setForm, set } = useFormFields(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = emailChangeError(form);
    setError(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      storeProfile(await profileApi.changeEmail({ password: form.password, newEmail: form.newEmail.trim() }));
      setForm(EMPTY);
      toast.success('Email atualizado com sucesso!');
    } catch (caught) {
      setError(errorMessage(caught, FAILED));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title" className="settings-section__title">
        Alterar e-mail
      </h2>
      {currentEmail && <p className="settings-section__hint">E-mail atual: {currentEmail}</p>}
      <Form className="people-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        <TextField
          label="Senha atual"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={set('password')}
          isRequired
        />
        <TextField
          label="Novo e-mail"
          name="newEmail"
          type="email"
          autoComplete="email"
          value={form.newEmail}
          onChange={set('newEmail')}
          isRequired
        />
        <TextField
          label="Confirmar novo e-mail"
          name="confirmEmail"
          type="email"
          value={form.confirmEmail}
          onChange={set('confirmEmail')}
          isRequired
        />
        <div className="people-form__actions">
          <Button type="submit" isPending={saving}>
            Atualizar E-mail
          </Button>
        </div>
      </Form>
    </section>
  );
}
