import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { currentUserAtom } from '../states/currentUserAtom';
import { sessionStatusAtom } from '../states/sessionStatusAtom';
import { tokenAtom } from '../states/tokenAtom';
import { AppLoading } from './AppLoading';

/** Protected routes: 'Carregando...' while the session loads, /login without a user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(currentUserAtom);
  if (status === 'initialising') return <AppLoading text="Loading application..." />;
  if (status === 'loading') return <AppLoading text="Carregando..." />;
  if (!token || !user) return <Redirect to="/login" replace />;
  if (user.requirePasswordChange) return <Redirect to="/change-password" replace />;
  return <>{children}</>;
}
