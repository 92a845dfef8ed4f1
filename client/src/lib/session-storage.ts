/** Local-storage keys of the session (docs/sessions.md#fields). */
export const STORAGE_KEYS = { token: 'token', user: 'user', tokenExpiry: 'tokenExpiry' } as const;

/** The part of `Storage` the session needs (injectable in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredSession {
  token: string;
  user?: unknown;
  expiresAt?: string;
}

export function readToken(storage: KeyValueStorage): string | null {
  return storage.getItem(STORAGE_KEYS.token);
}

export function readStoredUser<T>(storage: KeyValueStorage): T | null {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeSession(storage: KeyValueStorage, session: StoredSession): void {
  storage.setItem(STORAGE_KEYS.token, session.token);
  if (session.user !== undefined) writeStoredUser(storage, session.user);
  if (session.expiresAt) storage.setItem(STORAGE_KEYS.tokenExpiry, session.expiresAt);
}

export function writeStoredUser(storage: KeyValueStorage, user: unknown): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession(storage: KeyValueStorage): void {
  for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
}
