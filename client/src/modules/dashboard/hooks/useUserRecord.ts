import type { UserView } from '@contracts';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { authApi } from '../../auth/api/auth-api';
import { currentUserAtom } from '../../auth/states/currentUserAtom';
import { USER_RETRY_ERROR } from '../utils/dashboard-view';

export const USER_RETRY_ATTEMPTS = 3;
export const USER_RETRY_INTERVAL_MS = 1000;

const isComplete = (user: UserView | null): user is UserView => !!user?.id && !!user.name;

/**
 * The signed-in user's record for the dashboard. While it is incomplete it is fetched again, up to
 * 3 times, once per second (spec 1 §4); after that the page shows USER_RETRY_ERROR.
 */
export function useUserRecord(): { user: UserView | null; error: string | null } {
  const [user, setUser] = useAtom(currentUserAtom);
  const [error, setError] = useState<string | null>(null);
  const complete = isComplete(user);

  useEffect(() => {
    if (complete) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) => {
      timer = setTimeout(() => {
        authApi
          .me()
          .then((fresh) => {
            if (cancelled) return;
            if (isComplete(fresh)) setUser(fresh);
            else if (n < USER_RETRY_ATTEMPTS) attempt(n + 1);
            else setError(USER_RETRY_ERROR);
          })
          .catch(() => {
            if (cancelled) return;
            if (n < USER_RETRY_ATTEMPTS) attempt(n + 1);
            else setError(USER_RETRY_ERROR);
          });
      }, USER_RETRY_INTERVAL_MS);
    };
    attempt(1);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [complete, setUser]);

  return { user: complete ? user : null, error };
}
