import type { LoginResponse, UserView } from '@contracts';
import { navigate } from 'wouter/use-browser-location';
import { appPath } from '@/lib/base-path';
import { appStore } from '@/lib/store';
import { browserStorage } from '@/lib/http';
import { clearSession, readToken, writeSession, writeStoredUser } from '@/lib/session-storage';
import { authApi } from './api/auth-api';
import { currentUserAtom } from './states/currentUserAtom';
import { sessionStatusAtom } from './states/sessionStatusAtom';
import { tokenAtom } from './states/tokenAtom';

/** Stores a fresh login (localStorage token/user/tokenExpiry + atoms). */
export function startSession(reply: LoginResponse): void {
  writeSession(browserStorage, { token: reply.token, user: reply.user, expiresAt: reply.expiresAt });
  appStore.set(tokenAtom, reply.token);
  appStore.set(currentUserAtom, reply.user);
}

export function setCurrentUser(user: UserView): void {
  writeStoredUser(browserStorage, user);
  appStore.set(currentUserAtom, user);
}

/** Forgets the session locally (storage and atoms). */
export function endSession(): void {
  clearSession(browserStorage);
  appStore.set(tokenAtom, null);
  appStore.set(currentUserAtom, null);
}

/** Ends the session on the server (revokes the refresh cookie) and locally; never throws. */
export async function logout(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // The local session ends anyway; the server session expires on its own.
  } finally {
    endSession();
  }
}

export function isOnLoginPage(): boolean {
  return window.location.pathname === appPath('/login');
}

/** The API client gave up on the session: clear it and go to /login (unless already there). */
export function handleSessionExpired(): void {
  endSession();
  if (!isOnLoginPage()) navigate(appPath('/login'), { replace: true });
}

/** At start: with a stored token, fetch the current user; a failure clears the token (docs/sessions.md#tokens). */
export async function bootstrapSession(): Promise<void> {
  if (appStore.get(sessionStatusAtom) !== 'initialising') return;
  if (!readToken(browserStorage)) {
    appStore.set(sessionStatusAtom, 'ready');
    return;
  }
  appStore.set(sessionStatusAtom, 'loading');
  try {
    setCurrentUser(await authApi.me());
  } catch {
    endSession();
  } finally {
    appStore.set(sessionStatusAtom, 'ready');
  }
}
