import { Provider } from 'jotai';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { onSessionExpired, onTokenRefreshed } from '../lib/http';
import { bootstrapSession, handleSessionExpired } from '../modules/auth/session';
import { tokenAtom } from '../modules/auth/states/tokenAtom';
import { UserThemeSync } from '../modules/settings/components/UserThemeSync';
import { ToastArea } from '../ui/ToastArea';
import { BASE_PATH } from './base-path';
import { AppRoutes } from './routes';
import { appStore } from './store';

export function App() {
  useEffect(() => {
    const unsubscribeExpired = onSessionExpired(handleSessionExpired);
    const unsubscribeRefreshed = onTokenRefreshed((token) => appStore.set(tokenAtom, token));
    void bootstrapSession();
    return () => {
      unsubscribeExpired();
      unsubscribeRefreshed();
    };
  }, []);

  return (
    <Provider store={appStore}>
      <Router base={BASE_PATH}>
        <AppRoutes />
      </Router>
      <ToastArea />
      <UserThemeSync />
    </Provider>
  );
}
