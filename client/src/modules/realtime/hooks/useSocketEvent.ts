import type { ServerToClientEvents } from '@contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { socketAtom } from '../states/socketAtom';

/** Runs `handler` for every `event` pushed by the server while the component is mounted. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const socket = useAtomValue(socketAtom);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: typeof args) => void)(...args)) as ServerToClientEvents[E];
    // socket.io's typed `on` needs the exact listener type of E.
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  }, [socket, event]);
}
