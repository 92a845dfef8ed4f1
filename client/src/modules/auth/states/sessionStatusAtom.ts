import { atom } from 'jotai';

/**
 * 'initialising' until the app decided whether a stored token is still good (GET /auth/me),
 * 'loading' while that call runs, then 'ready'.
 */
export type SessionStatus = 'initialising' | 'loading' | 'ready';

export const sessionStatusAtom = atom<SessionStatus>('initialising');
