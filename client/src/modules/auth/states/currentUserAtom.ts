import type { UserView } from '@contracts';
import { atom } from 'jotai';

/** The signed-in user as GET /auth/me (or the login reply) returned it. */
export const currentUserAtom = atom<UserView | null>(null);
