import { atom } from 'jotai';

/** Live-connection state shown by the header indicator: 'offline' when signed out. */
export type SocketStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

export const socketStatusAtom = atom<SocketStatus>('offline');
