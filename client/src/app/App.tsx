import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { useEffect } from 'react';
import { I18nProvider } from 'react-aria-components';
import { Router } from 'wouter';
import { onSessionExpired, onTokenRefreshed } from '@/lib/http';
import { appStore } from '@/lib/store';
import { bootstrapSession, handleSessionExpired } from '@/modules/auth/session';
import { tokenAtom } from '@/modules/auth/states/tokenAtom';
import { UserThemeSync } from '@/modules/settings/components/UserThemeSync';
import { ToastArea } from '@/ui/ToastArea';
import { BASE_PATH } from '@/lib/base-path';
import { DocumentTitle } from './DocumentTitle';
import { LiveQueryInvalidation } from './LiveQueryInvalidation';
import { queryClient } from './query-client';
import { AppRoutes } from './routes';

export function App() {
  useEffect(() => {
    const unsubscribeExpired = onSessionExpired(handleSessionExpired);
    const unsubscribeRefreshed = onTokenRefreshed((token) => appStore.set(tokenAtom, token));
    // Server data belongs to the session: a logout or an expired session forgets it.
    const unsubscribeToken = appStore.sub(tokenAtom, () => {
      if (appStore.get(tokenAtom) === null) queryClient.clear();
    });
    void bootstrapSession();
    return () => {
      unsubscribeExpired();
      unsubscribeRefreshed();
      unsubscribeToken();
    };
  }, []);

  return (
    // Numbers and dates are read and shown in pt-BR whatever the browser's language (README › Numbers and dates).
    <I18nProvider locale="pt-BR">
      <QueryClientProvider client={queryClient}>
        <Provider store={appStore}>
          <Router base={BASE_PATH}>
            <AppRoutes />
            <DocumentTitle />
          </Router>
          <ToastArea />
          <UserThemeSync />
          <LiveQueryInvalidation />
        </Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
