import { atom } from 'jotai';
import { browserStorage } from '@/lib/http';
import { readToken } from '@/lib/session-storage';

/** The access token (mirrors localStorage 'token'); null = signed out. */
export const tokenAtom = atom<string | null>(readToken(browserStorage));
