import { atom } from 'jotai';

/** Unread notifications of the signed-in user (header badge). Never below 0 (spec 1 §4). */
export const unreadCountAtom = atom(0);
