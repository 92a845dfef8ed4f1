import type { Theme } from '@contracts';
import { readStoredUser, type KeyValueStorage } from './session-storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';
let systemListener: { list: MediaQueryList; handler: () => void } | null = null;

/** 'light' | 'dark' actually shown for a preference ('system' follows the OS). */
export function resolveTheme(theme: Theme | undefined, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'dark' || theme === 'light') return theme;
  return prefersDark ? 'dark' : 'light';
}

/** Sets `data-theme` on <html>; with 'system' it keeps following the OS setting. */
export function applyTheme(theme: Theme | undefined): void {
  systemListener?.list.removeEventListener('change', systemListener.handler);
  systemListener = null;
  const list = window.matchMedia(DARK_QUERY);
  const apply = () => document.documentElement.setAttribute('data-theme', resolveTheme(theme, list.matches));
  apply();
  if (theme !== 'light' && theme !== 'dark') {
    systemListener = { list, handler: apply };
    list.addEventListener('change', apply);
  }
}

/** At start: the stored user's preference, before React renders (no flash). */
export function applyStoredTheme(storage: KeyValueStorage = window.localStorage): void {
  const user = readStoredUser<{ preferences?: { theme?: Theme } }>(storage);
  applyTheme(user?.preferences?.theme ?? 'light');
}
