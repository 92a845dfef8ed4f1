import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { browserStorage, http } from '@/lib/http';
import { readToken } from '@/lib/session-storage';
import { createSocket } from '@/lib/socket';
import { authApi } from '@/modules/auth/api/auth-api';
import { setCurrentUser } from '@/modules/auth/session';
import { tokenAtom } from '@/modules/auth/states/tokenAtom';
import { socketAtom } from '../states/socketAtom';
import { socketStatusAtom } from '../states/socketStatusAtom';

/** Keeps one socket open while signed in; mounted once by the protected layout. */
export function useRealtimeConnection(): void {
  const signedIn = useAtomValue(tokenAtom) !== null;
  const setSocket = useSetAtom(socketAtom);
  const setStatus = useSetAtom(socketStatusAtom);

  useEffect(() => {
    if (!signedIn) return;
    const socket = createSocket({
      getToken: () => readToken(browserStorage),
      refreshToken: () => http.refreshToken(),
      onStatus: setStatus,
    });
    // An account change made by an administrator (role, department) drops the socket; once it is
    // back, the current user is read again so the sidebar and permissions follow at once.
    socket.on('session:revoked', () => {
      socket.once('connect', () => {
        authApi
          .me()
          .then(setCurrentUser)
          .catch(() => undefined);
      });
    });
    setSocket(socket);
    return () => {
      socket.disconnect();
      setSocket(null);
      setStatus('offline');
    };
  }, [signedIn, setSocket, setStatus]);
}
