import { useAtomValue } from 'jotai';
import { PageHeader } from '@/ui/PageHeader';
import { Tab, TabList, TabPanel, Tabs } from '@/ui/Tabs';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { ChangeEmailForm } from '../components/ChangeEmailForm';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { PreferencesForm } from '../components/PreferencesForm';
import '@/styles/people.css';

const DEFAULT_PREFERENCES = { theme: 'system', notifications: { email: true, system: true } } as const;

/** Configurações (docs/accounts.md#settings): tabs Conta and Preferências. */
export default function SettingsPage() {
  const user = useAtomValue(currentUserAtom);
  return (
    <>
      <PageHeader title="Configurações" subtitle="Conta e preferências de uso do sistema" />
      <Tabs className="card settings">
        <TabList aria-label="Configurações">
          <Tab id="account">Conta</Tab>
          <Tab id="preferences">Preferências</Tab>
        </TabList>
        <TabPanel id="account" className="settings__panel">
          <ChangeEmailForm currentEmail={user?.email} />
          <ChangePasswordForm />
        </TabPanel>
        <TabPanel id="preferences" className="settings__panel">
          <PreferencesForm
            saved={user?.preferences ?? DEFAULT_PREFERENCES}
            savedReminderDays={user?.deadlineReminderDays}
          />
        </TabPanel>
      </Tabs>
    </>
  );
}
