import { atom } from 'jotai';

/** Set when the dropdown's list failed to load ('Falha ao carregar notificações'). */
export const notificationsLoadErrorAtom = atom<string | null>(null);
