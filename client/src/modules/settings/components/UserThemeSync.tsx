import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { applyTheme } from '@/lib/theme';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';

/**
 * Keeps `data-theme` on the signed-in user's saved preference: at login, at app start (after
 * /auth/me) and whenever the preference is saved. Signed out, the stored theme stays.
 */
export function UserThemeSync() {
  const theme = useAtomValue(currentUserAtom)?.preferences?.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return null;
}
