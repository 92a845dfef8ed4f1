import { THEMES, type Theme, type UserPreferences } from '@contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { errorMessage } from '@/lib/http';
import { applyTheme } from '@/lib/theme';
import { Button } from '@/ui/Button';
import { Checkbox } from '@/ui/Checkbox';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Select } from '@/ui/Select';
import { toast } from '@/ui/toast';
import { profileApi } from '@/modules/profile/api/profile-api';
import { useProfileCache } from '@/modules/profile/hooks/useProfile';

const FAILED = 'Erro ao atualizar preferências. Tente novamente.';
const THEME_LABELS: Record<Theme, string> = { light: 'Claro', dark: 'Escuro', system: 'Padrão do sistema' };
const THEME_OPTIONS = THEMES.map((id) => ({ id, label: THEME_LABELS[id] }));

/**
 * Preferências (docs/accounts.md#settings): the chosen theme shows at once across the app; leaving without
 * saving puts the saved one back.
 */
export function PreferencesForm({ saved }: { saved: UserPreferences }) {
  const storeProfile = useProfileCache();
  const [prefs, setPrefs] = useState<UserPreferences>(saved);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const savedTheme = useRef(saved.theme);
  savedTheme.current = saved.theme;

  useEffect(() => setPrefs(saved), [saved]);
  // Leaving the page: back to the saved theme (a preview that was not saved does not stick).
  useEffect(() => () => applyTheme(savedTheme.current), []);

  function chooseTheme(theme: Theme) {
    setPrefs((p) => ({ ...p, theme }));
    applyTheme(theme);
  }
  const setNotification = (key: keyof UserPreferences['notifications']) => (value: boolean) =>
    setPrefs((p) => ({ ...p, notifications: { ...p.notifications, [key]: value } }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      storeProfile(await profileApi.update({ preferences: prefs }));
      toast.success('Preferências atualizadas com sucesso!');
    } catch (caught) {
      setError(errorMessage(caught, FAILED));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby="settings-preferences-title">
      <h2 id="settings-preferences-title" className="settings-section__title">
        Preferências
      </h2>
      <Form className="people-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        <Select
          label="Tema"
          options={THEME_OPTIONS}
          value={prefs.theme}
          onChange={(value) => chooseTheme(value as Theme)}
        />
        <fieldset className="settings-section__group">
          <legend>Notificações</legend>
          <Checkbox isSelected={prefs.notifications.email} onChange={setNotification('email')}>
            Receber notificações por e-mail
          </Checkbox>
          <Checkbox isSelected={prefs.notifications.system} onChange={setNotification('system')}>
            Receber notificações do sistema
          </Checkbox>
        </fieldset>
        <div className="people-form__actions">
          <Button type="submit" isPending={saving}>
            Salvar Preferências
          </Button>
        </div>
      </Form>
    </section>
  );
}
