import { atom } from 'jotai';
import type { AppSocket } from '@/lib/socket';

/** The live socket while signed in (null otherwise). Subscribe through useSocketEvent. */
export const socketAtom = atom<AppSocket | null>(null);
