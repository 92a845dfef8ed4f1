import {
  DEADLINE_REMINDER_DAYS_DEFAULT,
  DEADLINE_REMINDER_DAYS_LABEL,
  DEADLINE_REMINDER_DAYS_MAX,
  THEMES,
  type Theme,
  type UserPreferences,
} from '@contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { errorMessage } from '@/lib/http';
import { applyTheme } from '@/lib/theme';
import { Button } from '@/ui/Button';
import { Checkbox } from '@/ui/Checkbox';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { NumberField } from '@/ui/NumberField';
import { Select } from '@/ui/Select';
import { toast } from '@/ui/toast';
import { profileApi } from '@/modules/profile/api/profile-api';
import { useProfileCache } from '@/modules/profile/hooks/useProfile';

const FAILED = 'Erro ao atualizar preferências. Tente novamente.';
const THEME_LABELS: Record<Theme, string> = { light: 'Claro', dark: 'Escuro', system: 'Padrão do sistema' };
const THEME_OPTIONS = THEMES.map((id) => ({ id, label: THEME_LABELS[id] }));
const WHOLE = { maximumFractionDigits: 0 };

/**
 * Preferências (docs/accounts.md#settings): the chosen theme shows at once across the app; leaving without
 * saving puts the saved one back. The deadline reminders' advance (docs/deadlines.md#reminders) is
 * saved with them.
 */
export function PreferencesForm({
  saved,
  savedReminderDays = DEADLINE_REMINDER_DAYS_DEFAULT,
}: {
  saved: UserPreferences;
  savedReminderDays?: number;
}) {
  const storeProfile = useProfileCache();
  const [prefs, setPrefs] = useState<UserPreferences>(saved);
  const [reminderDays, setReminderDays] = useState(savedReminderDays);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const savedTheme = useRef(saved.theme);
  savedTheme.current = saved.theme;

  useEffect(() => setPrefs(saved), [saved]);
  useEffect(() => setReminderDays(savedReminderDays), [savedReminderDays]);
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
      // An emptied field sends nothing: the saved advance stays.
      const deadlineReminderDays = Number.isNaN(reminderDays) ? undefined : reminderDays;
      storeProfile(await profileApi.update({ preferences: prefs, deadlineReminderDays }));
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
          <NumberField
            label={DEADLINE_REMINDER_DAYS_LABEL}
            description="0: só no dia do vencimento e enquanto vencido."
            minValue={0}
            maxValue={DEADLINE_REMINDER_DAYS_MAX}
            formatOptions={WHOLE}
            value={reminderDays}
            onChange={setReminderDays}
          />
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
